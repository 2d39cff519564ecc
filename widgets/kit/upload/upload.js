// Front end of widgets/kit/upload/upload.py (anywidget ESM; loaded from this file, no network).
//
// A button that opens the file picker. A chosen file within `max_bytes` is read and sent
// as `value` = [{name, type, size, last_modified, content}] (content as binary); a file
// over the limit is not read: it goes with an empty content and its real size, so Python
// can refuse it by name (the server would drop the connection on a message over 10 MiB).

function render({ model, el }) {
  el.classList.add("vg-sized-upload");
  const input = document.createElement("input");
  input.type = "file";
  input.hidden = true;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-button widget-button vg-sized-upload-button";
  const icon = document.createElement("i");
  const label = document.createElement("span");
  button.append(icon, label);
  el.append(button, input);

  function draw() {
    input.accept = model.get("accept") || "";
    label.textContent = model.get("description") || "";
    const name = model.get("icon");
    icon.className = name ? `fa fa-${name}` : "";
    button.disabled = Boolean(model.get("disabled"));
  }

  function send(file, content) {
    model.set("value", [{
      name: file.name,
      type: file.type,
      size: file.size,
      last_modified: file.lastModified,
      content: new DataView(content),
    }]);
    model.save_changes();
  }

  function chosen() {
    const file = input.files && input.files[0];
    input.value = "";  // the same file may be chosen again
    if (!file) return;
    if (file.size > model.get("max_bytes")) {
      send(file, new ArrayBuffer(0));  // too big to send: Python says so
      return;
    }
    file.arrayBuffer().then((content) => send(file, content));
  }

  function open() {
    input.click();
  }

  button.addEventListener("click", open);
  input.addEventListener("change", chosen);
  const traits = ["accept", "description", "icon", "disabled"];
  for (const trait of traits) model.on(`change:${trait}`, draw);
  draw();

  return () => {
    button.removeEventListener("click", open);
    input.removeEventListener("change", chosen);
    for (const trait of traits) model.off(`change:${trait}`, draw);
  };
}

export default { render };
