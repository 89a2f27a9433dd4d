# Pyodide's package: Omen imports only pyodide.ffi (see typings/README.md).
