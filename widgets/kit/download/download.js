// Front end of widgets/kit/download/download.py (anywidget ESM, no network).
// A real <button>: a click asks the kernel for the file ({type: "download"}); the answer
// ({type: "file", name, mime} with the file in its binary buffer) is saved at once
// through a link with `download` on a blob of it. The button stays disabled from the
// click until the answer (an answer without a buffer only frees it: Python showed why).

function render({ model, el }) {
  el.classList.add("vg-download-widget");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "vg-download-button";
  el.append(button);
  let busy = false;

  function draw() {
    button.textContent = model.get("label") || "Download";
    const tip = model.get("hint") || "";
    if (tip) button.title = tip;
    else button.removeAttribute("title");
    button.disabled = busy || model.get("disabled");
    button.setAttribute("aria-busy", busy ? "true" : "false");
  }

  function click() {
    if (busy) return;
    busy = true;
    draw();
    model.send({ type: "download" });
  }

  function save(content, buffers) {
    if (!content || content.type !== "file") return;
    busy = false;
    draw();
    if (!buffers || !buffers.length) return;
    const blob = new Blob([buffers[0]], { type: content.mime || "application/octet-stream" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = content.name || "download";
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  button.addEventListener("click", click);
  model.on("msg:custom", save);
  for (const name of ["label", "hint", "disabled"]) model.on("change:" + name, draw);
  draw();

  return () => {
    button.removeEventListener("click", click);
    model.off("msg:custom", save);
  };
}

export default { render };
