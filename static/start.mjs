// Starts Python as the page begins to load. index.html loads this as an async module
// script, which runs as soon as it and static/engine.mjs have arrived, without waiting
// for the rest of the page to be read and laid out. PyScript, once it has loaded and read
// pyscript.toml, asks static/engine.mjs for the interpreter and gets this start.
import { start } from "./engine.mjs";

start();
