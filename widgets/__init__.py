"""ipywidgets apps over the engines: they call engines and hold no rules themselves."""
