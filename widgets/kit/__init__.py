"""The widget kit, what every page uses: the theme, safe callbacks, markup, shared
models, charts, the page address and page links, live polling, uploads and the board."""
