"""The page: the only code that touches the browser (``js``, ``pyodide``, ``pyscript``).
It carries the effects of each update out, and sends the page's answers back as
messages."""
