// A failure page of `cleartouch test --report` (docs/replay.md, "Failure pages"): the
// viewer's page, this script after viewer.js, and the data's `failure` object
// (FailurePage.swift): expectation, recording (paths), t (the moment marked, ms), atEnd
// (the first difference is in the end state, marked at the settled end), part
// ("gestures", "actions", "items", "level", "lists", "editing"), headline ("action 1"),
// what (what differs, in words), diff (as `cleartouch test` prints it), and expected,
// replayed: {gestures, actions (lines up to the moment), items: [{text, completed}] (the
// list at the moment), end (level and editing, at the end), note? (why the expected list
// is not all there is)}. On the gesture service's page (a gesture expectation's; the data has
// `service`) the sides hold the service's gestures alone. It uses the page only through its
// elements (#time, #timeline, #main), so the viewer's script is left as it is. The panel
// goes beside the screen, in #main, so the screen stays where the viewer puts it: in view
// at a 1000-pixel window.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("trace-data").textContent);
  const F = data.failure;
  if (!F) return;
  const timeline = document.getElementById("timeline");
  const slider = document.getElementById("time");
  const lastMs = data.frames.length ? data.frames[data.frames.length - 1].t : 0;

  function element(tag, text, className) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (className) e.className = className;
    return e;
  }
  function list(id, entries, completed) {
    const ul = element("ul");
    ul.id = id;
    for (const entry of entries) {
      const li = element("li", completed ? entry.text : entry);
      if (completed && entry.completed) li.className = "completed";
      ul.appendChild(li);
    }
    if (!entries.length) ul.appendChild(element("li", "none", "none"));
    return ul;
  }
  function side(name, title, s) {
    const column = element("div", undefined, "side");
    column.id = name;
    column.appendChild(element("h3", title));
    column.appendChild(element("h3", data.service ? "the gesture service's gestures begun" : "gestures begun"));
    column.appendChild(list(name + "-gestures", s.gestures, false));
    // A gesture expectation pins the service's gestures: no actions, no list.
    if (data.service) {
      if (s.note) column.appendChild(element("p", s.note, "note"));
      return column;
    }
    column.appendChild(element("h3", "actions"));
    column.appendChild(list(name + "-actions", s.actions, false));
    column.appendChild(element("h3", "list"));
    column.appendChild(list(name + "-items", s.items, true));
    if (s.note) column.appendChild(element("p", s.note, "note"));
    for (const line of s.end) column.appendChild(element("p", line, "end"));
    return column;
  }

  const when = F.atEnd ? "at the end (" + F.t.toFixed(3) + " ms)" : "at " + F.t.toFixed(3) + " ms";
  const panel = element("section");
  panel.id = "failure";
  const heading = element("h2", "FAIL: first difference " + when + ": " + F.headline + " — " + F.what);
  heading.id = "failure-headline";
  panel.appendChild(heading);
  panel.appendChild(element("div", "expectation " + F.expectation + ", recording " + F.recording));
  const go = element("button", "show the first difference");
  go.type = "button";
  go.id = "show-first-difference";
  panel.appendChild(go);
  const sides = element("div", undefined, "sides");
  const moment = F.atEnd ? when : "as both had it when the first difference came (" + F.t.toFixed(3) + " ms)";
  sides.appendChild(side("expected", "expected (" + F.expectation + "), " + moment, F.expected));
  sides.appendChild(side("replayed", "replayed, " + moment, F.replayed));
  panel.appendChild(sides);
  const diff = element("pre", F.diff);
  diff.id = "failure-diff";
  panel.appendChild(diff);
  document.getElementById("main").appendChild(panel);

  // The marker over the timeline, where the viewer draws that time.
  const marker = element("div");
  marker.id = "first-difference";
  marker.dataset.ms = String(F.t);
  marker.appendChild(element("span", "first difference · " + F.t.toFixed(1) + " ms · " + F.headline));
  document.body.appendChild(marker);
  function place() {
    const rect = timeline.getBoundingClientRect();
    const width = timeline.clientWidth;
    const x = 8 + (width - 16) * (lastMs ? Math.min(F.t, lastMs) / lastMs : 0);
    marker.style.left = (rect.left + window.scrollX + timeline.clientLeft + x - 1) + "px";
    marker.style.top = (rect.top + window.scrollY + timeline.clientTop) + "px";
    marker.style.height = timeline.clientHeight + "px";
  }
  // The frame of the first difference: the first at or after its time, where the action
  // that differs is on the screen (the one before would not show it yet).
  function showFirstDifference() {
    let k = data.frames.findIndex(function (f) { return f.t >= F.t - 0.0005; });
    if (k < 0) k = data.frames.length - 1;
    slider.value = String(Math.max(0, k));
    slider.dispatchEvent(new Event("input", { bubbles: true }));
  }
  go.addEventListener("click", showFirstDifference);
  window.addEventListener("resize", place);
  place();
  showFirstDifference();
})();
