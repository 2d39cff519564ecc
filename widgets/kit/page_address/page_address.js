// Front end of widgets/kit/page_address/page_address.py (anywidget ESM, no network).
// Replaces the query of the page's address when Python sets `query` (history.replaceState:
// nothing is loaded, no history entry is added), so a reload opens the same table.

function render({ model, el }) {
  el.style.display = "none";

  function apply() {
    const query = model.get("query") || "";
    if (!model.get("enabled") || !query) return;
    const url = new URL(window.location.href);
    const wanted = query.startsWith("?") ? query : "?" + query;
    if (url.search === wanted) return;
    url.search = wanted;
    window.history.replaceState(window.history.state, "", url.toString());
  }

  apply();
  model.on("change:query", apply);
  model.on("change:enabled", apply);
}

export default { render };
