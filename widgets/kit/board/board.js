// Front end of widgets/kit/board/board.py (anywidget ESM; loaded from this file, no network).
//
// The renderer's HTML goes into a container once per change of `html`; a change of
// `targets` or `picked` only toggles classes on the `[data-vg-value]` elements:
//   vg-clickable  the element is in `targets` (also tabindex=0, role=button: Enter/Space
//                 pick it)
//   vg-picked     the element is in `picked`
// An element is in a list of keys by its bare value when it has no `data-vg-field`, else
// by "field=value" for one of the space-separated fields it names (board.py: `matches`).
// One delegated listener on the root sends {type: "pick", value, field} to Python.
// Focus survives a redraw: an element that had it gets it back (found by its value), and
// an element marked `data-vg-focus` gets it when it first appears (a question that asks
// "are you sure?" takes the keyboard to its answers).

function render({ model, el }) {
  el.classList.add("vg-board-widget");
  const box = document.createElement("div");
  box.className = "vg-board-content";
  el.appendChild(box);

  function matches(keys, node) {
    const value = node.getAttribute("data-vg-value");
    const fields = (node.getAttribute("data-vg-field") || "").split(/\s+/).filter(Boolean);
    if (!fields.length) return keys.has(value);
    return fields.some((f) => keys.has(f + "=" + value));
  }

  function mark() {
    const targets = new Set(model.get("targets") || []);
    const picked = new Set(model.get("picked") || []);
    for (const node of box.querySelectorAll("[data-vg-value]")) {
      const clickable = matches(targets, node);
      node.classList.toggle("vg-clickable", clickable);
      node.classList.toggle("vg-picked", matches(picked, node));
      if (clickable) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
      } else if (node.getAttribute("role") === "button") {
        node.removeAttribute("tabindex");
        node.removeAttribute("role");
      }
    }
  }

  let asked = null;  // the value of the `data-vg-focus` element last drawn

  function draw() {
    const active = document.activeElement;
    const had = active && active !== box && box.contains(active)
      ? active.getAttribute("data-vg-value") : null;
    box.innerHTML = model.get("html") || "";
    mark();
    const wanted = box.querySelector("[data-vg-focus]");
    const key = wanted ? wanted.getAttribute("data-vg-value") : null;
    const first = wanted && key !== asked;  // a question that has just appeared
    asked = key;
    if (first) {
      wanted.focus();
    } else if (had !== null) {  // where the keyboard was: no scrolling, the page stays put
      const again = [...box.querySelectorAll("[data-vg-value]")]
        .find((node) => node.getAttribute("data-vg-value") === had);
      if (again) again.focus({ preventScroll: true });
    }
  }

  function pick(event) {
    const node = event.target.closest && event.target.closest("[data-vg-value]");
    if (!node || !box.contains(node) || !node.classList.contains("vg-clickable")) {
      return false;
    }
    model.send({
      type: "pick",
      value: node.getAttribute("data-vg-value"),
      field: node.getAttribute("data-vg-field"),  // null when absent
    });
    return true;
  }

  function onKey(event) {
    if (event.key !== "Enter" && event.key !== " ") return;
    if (pick(event)) event.preventDefault();  // Space must not scroll the page
  }

  el.addEventListener("click", pick);
  el.addEventListener("keydown", onKey);
  model.on("change:html", draw);
  model.on("change:targets", mark);
  model.on("change:picked", mark);
  draw();

  return () => {
    el.removeEventListener("click", pick);
    el.removeEventListener("keydown", onKey);
    model.off("change:html", draw);
    model.off("change:targets", mark);
    model.off("change:picked", mark);
  };
}

export default { render };
