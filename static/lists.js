// Lists and texts built in one call from Python (py/omen_web/kit/dom.py: `items`, `texts`).
//
// Each call from Python into the page costs tens of microseconds at full speed, four
// times that on a mid-range phone, and a Log entry is a dozen of them one by one: its
// time, its title and one item per step. Here they are one call each. Text goes in as
// text (textContent), never as markup; a selector that finds nothing throws, as a
// wiring bug should.

// Replace the items of `list` with one <li> per text.
globalThis.omenItems = (list, texts) => {
  const items = [];
  for (const text of texts) {
    const item = document.createElement("li");
    item.textContent = String(text);
    items.push(item);
  }
  list.replaceChildren(...items);
};

// Set the text of elements inside `root`: `pairs` holds [selector, text] pairs.
globalThis.omenTexts = (root, pairs) => {
  for (const [selector, text] of pairs) {
    const node = root.querySelector(selector);
    if (node === null) throw new Error(`nothing in the page matches ${selector}`);
    node.textContent = String(text);
  }
};
