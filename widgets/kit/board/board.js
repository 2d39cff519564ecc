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
// Focus survives a redraw: an element that had it gets it back (found by its value and
// field); when it is gone, the first card to pick now gets it, else the table itself
// (tabindex=-1) holds it until there is one, so the keyboard never falls back to the
// page. An element marked `data-vg-focus` gets it when it first appears (a question that
// asks "are you sure?" takes the keyboard to its answers).
//
// Screen readers: the table is a region named "The table" (the renderers name the
// regions inside it: each village, the hand, the market...). A card that may be picked is
// a button with aria-pressed (true once picked) whose name says the card, where it is
// (the region around it) and its state: "Wall, in Your hand, can be picked". The card's
// name is its `data-vg-name` or `data-card`, else its first text (a face's name comes
// first); its tooltip stays its description. A card that may not be picked now but
// carries `data-vg-state` (the renderer's words from the rules: "cannot be played: you
// have used your whole build limit") is a disabled button whose name says that state:
// "Wall, in Your hand, cannot be played: ...". It takes no Tab stop; the arrow keys pass
// it by.
//
// Keyboard (roving focus): each group of clickable cards (a hand, a row: the closest
// element marked `data-vg-group` or role=list, else the smallest element holding several
// of them) is one Tab stop; the arrow keys move between its cards, Home and End go to its
// first and last, Enter or Space picks.

function render({ model, el }) {
  el.classList.add("vg-board-widget");
  const box = document.createElement("div");
  box.className = "vg-board-content";
  box.tabIndex = -1;  // holds the keyboard while no card is to be picked
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", "The table");
  el.appendChild(box);

  function matches(keys, node) {
    const value = node.getAttribute("data-vg-value");
    const fields = (node.getAttribute("data-vg-field") || "").split(/\s+/).filter(Boolean);
    if (!fields.length) return keys.has(value);
    return fields.some((f) => keys.has(f + "=" + value));
  }

  function mark() {
    const active = document.activeElement;
    const wasInside = active && active !== box && box.contains(active);
    const targets = new Set(model.get("targets") || []);
    const picked = new Set(model.get("picked") || []);
    for (const node of box.querySelectorAll("[data-vg-value], [data-vg-state]")) {
      const valued = node.hasAttribute("data-vg-value");
      const clickable = valued && matches(targets, node);
      node.classList.toggle("vg-clickable", clickable);
      node.classList.toggle("vg-picked", valued && matches(picked, node));
      const chosen = node.classList.contains("vg-picked");
      const state = node.getAttribute("data-vg-state");
      if (clickable) {
        node.setAttribute("tabindex", "0");
        node.setAttribute("role", "button");
        node.removeAttribute("aria-disabled");
        node.setAttribute("aria-pressed", chosen ? "true" : "false");
        node.setAttribute("aria-label", spoken(node, chosen ? "picked" : "can be picked"));
      } else if (state) {  // why it cannot be picked now, in the rules' words
        node.removeAttribute("tabindex");
        node.removeAttribute("aria-pressed");
        node.setAttribute("role", "button");
        node.setAttribute("aria-disabled", "true");
        node.setAttribute("aria-label", spoken(node, state));
      } else if (node.getAttribute("role") === "button") {
        node.removeAttribute("tabindex");
        node.removeAttribute("role");
        node.removeAttribute("aria-pressed");
        node.removeAttribute("aria-disabled");
        // (a name of ours only on a button: a plain element reads as its text)
        if (node.hasAttribute("data-vg-said")) node.removeAttribute("aria-label");
      }
    }
    rove();
    const lost = wasInside && !active.classList.contains("vg-clickable");
    if (document.activeElement === box || lost) {  // the keyboard goes to a card to pick
      const first = firstCard();
      if (first) first.focus({ preventScroll: true });
      else if (lost) box.focus({ preventScroll: true });
    }
  }

  function firstText(node) {  // a card's name comes first on its face
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const text = t.textContent.trim();
      if (text) return text;
    }
    return node.getAttribute("title") || "";
  }

  function spoken(node, state) {
    if (!node.hasAttribute("data-vg-said")) {  // the name as the renderer drew it, once
      node.setAttribute("data-vg-said", node.getAttribute("data-vg-name") ||
        node.getAttribute("data-card") || node.getAttribute("aria-label") || firstText(node));
    }
    const name = node.getAttribute("data-vg-said");
    const region = node.parentElement &&
      node.parentElement.closest("[role=region][aria-label]");
    const where = region && region !== box ? region.getAttribute("aria-label") : "";
    return [name, where && "in " + where, state].filter(Boolean).join(", ");
  }

  const clickables = () => [...box.querySelectorAll(".vg-clickable")];

  function groupOf(node) {
    const marked = node.parentElement &&
      node.parentElement.closest("[data-vg-group], [role=list]");
    if (marked && box.contains(marked)) return marked;
    let up = node.parentElement;
    while (up && up !== box) {
      if (up.querySelectorAll(".vg-clickable").length > 1) return up;
      up = up.parentElement;
    }
    return box;
  }

  function membersOf(group) {
    return [...group.querySelectorAll(".vg-clickable")];
  }

  // One Tab stop per group: the card that has the keyboard, else a picked one, else the
  // first.
  function rove() {
    const seen = new Set();
    for (const node of clickables()) {
      const group = groupOf(node);
      if (seen.has(group)) continue;
      seen.add(group);
      const members = membersOf(group).filter((m) => groupOf(m) === group);
      const current = members.find((m) => m === document.activeElement) ||
        members.find((m) => m.classList.contains("vg-picked")) || members[0];
      for (const m of members) m.setAttribute("tabindex", m === current ? "0" : "-1");
    }
  }

  function firstCard() {
    return clickables().find((n) => n.getAttribute("tabindex") === "0") || null;
  }

  function same(node, value, field) {
    return node.getAttribute("data-vg-value") === value &&
      (node.getAttribute("data-vg-field") || "") === field;
  }

  let asked = null;  // the value of the `data-vg-focus` element last drawn

  function draw() {
    const active = document.activeElement;
    const inside = active && box.contains(active);  // (the table itself too)
    const had = inside && active !== box ? active.getAttribute("data-vg-value") : null;
    const hadField = inside && active !== box
      ? (active.getAttribute("data-vg-field") || "") : "";
    box.innerHTML = model.get("html") || "";
    mark();
    const wanted = box.querySelector("[data-vg-focus]");
    const key = wanted ? wanted.getAttribute("data-vg-value") : null;
    const first = wanted && key !== asked;  // a question that has just appeared
    asked = key;
    if (first) {
      wanted.focus();
    } else if (inside) {  // where the keyboard was: no scrolling, the page stays put
      const nodes = [...box.querySelectorAll("[data-vg-value]")];
      const again = had === null ? null
        : nodes.find((n) => same(n, had, hadField) && n.classList.contains("vg-clickable")) ||
          nodes.find((n) => same(n, had, hadField) && n.hasAttribute("tabindex"));
      const next = again || firstCard();
      if (next) {
        next.setAttribute("tabindex", "0");
        next.focus({ preventScroll: true });
        rove();
      } else {
        box.focus({ preventScroll: true });
      }
    }
  }

  function move(event) {
    const node = event.target.closest && event.target.closest(".vg-clickable");
    if (!node || !box.contains(node)) return false;
    const group = groupOf(node);
    const members = membersOf(group).filter((m) => groupOf(m) === group);
    const at = members.indexOf(node);
    if (at < 0 || members.length < 2) return false;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    let to;
    if (event.key === "Home") to = 0;
    else if (event.key === "End") to = members.length - 1;
    else if (step) to = (at + step + members.length) % members.length;
    else return false;
    node.setAttribute("tabindex", "-1");
    members[to].setAttribute("tabindex", "0");
    members[to].focus();
    return true;
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
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Enter" || event.key === " ") {
      if (pick(event)) event.preventDefault();  // Space must not scroll the page
    } else if (move(event)) {
      event.preventDefault();  // arrows must not scroll the page either
    }
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
