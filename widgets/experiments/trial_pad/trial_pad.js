// Front end of widgets/experiments/trial_pad/trial_pad.py (anywidget ESM, no network).
// Two buttons: the next roll or draw (sends the trial number and step it makes), and a
// batch (sends the first trial number and the size chosen). After a click both stay
// disabled until Python has handled the message (`serial` changes), so a double click
// sends once; should a message come twice anyway, Python counts it once.

function render({ model, el }) {
  el.classList.add("vg-trial-pad");
  const step = document.createElement("button");
  step.className = "vg-trial-step";
  const size = document.createElement("select");
  size.className = "vg-trial-size";
  size.setAttribute("aria-label", "how many trials in the batch");
  const batch = document.createElement("button");
  batch.className = "vg-trial-batch";
  el.append(step, size, batch);
  let busy = false;

  function draw() {
    const disabled = model.get("disabled");
    const label = model.get("step_label");
    step.textContent = label || "…";
    const sizes = model.get("batch_sizes") || [];
    const chosen = size.value;
    size.replaceChildren(...sizes.map((n) => {
      const option = document.createElement("option");
      option.value = String(n);
      option.textContent = String(n);
      return option;
    }));
    if (sizes.map(String).includes(chosen)) size.value = chosen;
    batch.textContent = "Run a batch of " + (size.value || "") + " " + model.get("batch_unit");
    step.disabled = disabled || busy || !model.get("step_token");
    size.disabled = disabled || busy || !sizes.length;
    batch.disabled = disabled || busy || !sizes.length;
    size.hidden = batch.hidden = !sizes.length;
  }

  function send(content) {
    if (busy) return;
    busy = true;
    draw();
    model.send(content);
  }

  step.addEventListener("click", () =>
    send({ type: "step", token: model.get("step_token") }));
  batch.addEventListener("click", () =>
    send({ type: "batch", first: model.get("next_number"), size: Number(size.value) }));
  size.addEventListener("change", draw);

  function handled() {
    busy = false;
    draw();
  }

  model.on("change:serial", handled);
  for (const name of ["step_label", "step_token", "batch_sizes", "disabled"]) {
    model.on("change:" + name, draw);
  }
  draw();
}

export default { render };
