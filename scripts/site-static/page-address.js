// The static site's pages (scripts/site_fixups.py puts this script right after each page's
// settings, before the page starts its kernel): hands the query of the page's address to
// the page's Python as $QUERY_STRING, as Voila does on a server. The kernel runs in a web
// worker, which does not know the page's address; Pyodide sets the environment variables
// given in its start-up options, which the Pyodide kernel takes from the page's settings.
(function () {
  const element = document.getElementById("jupyter-config-data");
  if (!element) return;
  const config = JSON.parse(element.textContent || "{}");
  const plugins = (config.litePluginSettings = config.litePluginSettings || {});
  const kernel = (plugins["@jupyterlite/pyodide-kernel-extension:kernel"] =
    plugins["@jupyterlite/pyodide-kernel-extension:kernel"] || {});
  const options = (kernel.loadPyodideOptions = kernel.loadPyodideOptions || {});
  options.env = Object.assign({}, options.env, {
    QUERY_STRING: window.location.search.replace(/^\?/, ""),
  });
  element.textContent = JSON.stringify(config);
})();
