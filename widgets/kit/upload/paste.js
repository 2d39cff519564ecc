// Front end of widgets/kit/upload/paste.py (anywidget ESM; loaded from this file, no network).
//
// A textarea whose text goes to the kernel on every edit, as a Textarea's does, but only
// while it is within `max_bytes` in UTF-8. A longer text (a huge paste) is never sent:
// the box is emptied and `refused` is set to its size, so Python can say what happened
// (the server would drop the page's connection on a message over 10 MiB).

const encoder = new TextEncoder();

function render({ model, el }) {
  el.classList.add("vg-sized-text");
  const box = document.createElement("textarea");
  box.className = "vg-sized-text-box";
  box.rows = 4;
  box.spellcheck = false;
  el.append(box);

  function draw() {
    if (box.value !== model.get("value")) box.value = model.get("value");
    box.placeholder = model.get("placeholder") || "";
    box.readOnly = Boolean(model.get("read_only"));
  }

  function edited() {
    const text = box.value;
    // a character is at most 3 bytes in UTF-8: most texts need no counting
    const size = text.length * 3 <= model.get("max_bytes")
      ? 0 : encoder.encode(text).length;
    if (size > model.get("max_bytes")) {
      box.value = "";
      model.set("value", "");
      model.set("refused", size);
    } else {
      model.set("value", text);
    }
    model.save_changes();
  }

  box.addEventListener("input", edited);
  const traits = ["value", "placeholder", "read_only"];
  for (const trait of traits) model.on(`change:${trait}`, draw);
  draw();

  return () => {
    box.removeEventListener("input", edited);
    for (const trait of traits) model.off(`change:${trait}`, draw);
  };
}

export default { render };
