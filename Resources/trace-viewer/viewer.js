// The page of `cleartouch view` (docs/replay.md, "The trace viewer"). The data block
// (TraceViewer+JSON.swift) holds keyed objects; times in ms, lengths in px, colours 0xRRGGBB,
// every `text` field an index into D.texts, flags present only when true:
// - screen {width, height}, rowHeight, fps, events, duration, labelFont, labelPadding;
// - frames[k]: {t, animating?, level? ("lists", "menu", "themes", "settings"; absent: the
//   items), background?, textColor? (the theme's, absent: black and white),
//   rows: [{index, text, x, y, width, height, alpha, color, completed?, strikethrough?,
//   editing?, count? (a list row's open items), on? (a Settings row's switch), textColor? (a Themes page row's own)}],
//   labels: [{x, y, width, height, text, color}],
//   cues?: {tick: {x, y, width, height, color}, cross: {…}, alpha},
//   placeholder?: {x, y, width, height, scaleY, alpha, text, color},
//   editing?: {index, text, caret}, keyboard?: [{x, y, width, height, text, pressed?,
//   shift?, accent?}] (an accent popup's cells follow the keys, the one a lift types pressed)};
// - touches: [{slot, samples: [{t, x, y, phase: "down" | "move" | "up" | "cancel"}]}];
// - gestures: [{name, outcome, start, end, caused, color}];
// - actions: [{t, text, items: the list after it, [{text, completed?}]}];
// - initialItems: the list at the start; texts: the strings the `text` fields name, each
//   a string or a change to an earlier one, [base, keep, insert, keepEnd] (the first keep
//   and last keepEnd UTF-16 units of texts[base] around insert; PageTexts.swift): text(i);
// - service? (only with `view --gesture-config`, and a gesture expectation's failure page):
//   the gesture service's page. service.gestures: [{text (the timeline's line), kind,
//   fingers, direction?, edge?, binding?, outcome ("recognized", "cancelled", null: the
//   recording stopped first), start, end, progress: [[t, progress]...]}] in the order they
//   began. The screen then draws the touches and these gestures over them (no to-do list:
//   frames are {t} alone and gestures, actions and initialItems are empty), the timeline
//   their lanes, the side panel their lines.
"use strict";
const D = JSON.parse(document.getElementById("trace-data").textContent);
// Rebuilt strings: the last one asked for (playing asks for each in turn), and every
// TEXT_CHECKPOINT-th of a chain of changes (seeking), so no string is rebuilt from far.
const TEXT_CHECKPOINT = 64;
const textCheckpoints = new Map();
let lastText = { index: -1, value: "" };
function text(i) {
  const entry = D.texts[i];
  if (typeof entry === "string") return entry;
  if (lastText.index === i) return lastText.value;
  const chain = [];
  let k = i;
  while (typeof D.texts[k] !== "string" && !textCheckpoints.has(k) && lastText.index !== k) {
    chain.push(k);
    k = D.texts[k][0];
  }
  let value = typeof D.texts[k] === "string" ? D.texts[k] :
    (textCheckpoints.has(k) ? textCheckpoints.get(k) : lastText.value);
  for (let n = chain.length - 1; n >= 0; n--) {
    const change = D.texts[chain[n]];
    value = value.slice(0, change[1]) + change[2] + value.slice(value.length - change[3]);
    if ((chain.length - n) % TEXT_CHECKPOINT === 0) textCheckpoints.set(chain[n], value);
  }
  lastText = { index: i, value: value };
  return value;
}
const TRAIL_MS = 500;
const screenCanvas = document.getElementById("screen");
const timelineCanvas = document.getElementById("timeline");
const slider = document.getElementById("time");
const playButton = document.getElementById("play");
const speedSelect = document.getElementById("speed");
const statusElement = document.getElementById("status");
const lastFrameMs = D.frames.length ? D.frames[D.frames.length - 1].t : 0;
const W = D.screen.width, H = D.screen.height;
let currentMs = 0, playing = false, lastTick = null;

// The slider steps frame by frame: its value is a frame's index (the arrow keys move one
// frame, not one millisecond of the 33 between two frames).
slider.max = String(Math.max(0, D.frames.length - 1));
const S = D.service;
if (S) {
  document.getElementById("service").hidden = false;
  document.getElementById("todo").hidden = true;
}
document.getElementById("stats").textContent =
  D.events + " events, " + D.duration.toFixed(3) + " ms recorded, settled at " +
  lastFrameMs.toFixed(1) + " ms; screen " + W + "×" + H + ", row height " + D.rowHeight +
  " px; " + D.frames.length + " frames at " + D.fps + " fps";

function rgb(value, alpha) {
  const r = (value >> 16) & 255, g = (value >> 8) & 255, b = value & 255;
  return "rgba(" + r + "," + g + "," + b + "," + (alpha === undefined ? 1 : alpha) + ")";
}
function frameIndexAt(ms) {
  // The frame shown at ms: the last one at or before it.
  let k = Math.floor(ms * D.fps / 1000 + 1e-9);
  k = Math.max(0, Math.min(D.frames.length - 1, k));
  // Frame times are rounded to the microsecond: step to the exact frame.
  while (k > 0 && D.frames[k].t > ms) k--;
  while (k + 1 < D.frames.length && D.frames[k + 1].t <= ms) k++;
  return k;
}
function frameAt(ms) { return D.frames[frameIndexAt(ms)]; }

function sizeCanvases() {
  const scale = Math.min((window.innerHeight - 200) / H, 480 / W, 1);
  const s = Math.max(scale, 0.15);
  const ratio = window.devicePixelRatio || 1;
  screenCanvas.style.width = Math.round(W * s) + "px";
  screenCanvas.style.height = Math.round(H * s) + "px";
  screenCanvas.width = Math.round(W * s * ratio);
  screenCanvas.height = Math.round(H * s * ratio);
  screenCanvas.dataset.scale = String(s * ratio);
  const width = Math.max(300, window.innerWidth - 26);
  timelineCanvas.style.width = width + "px";
  timelineCanvas.width = Math.round(width * ratio);
  timelineCanvas.height = Math.round(90 * ratio);
}

function drawScreen(frame) {
  const c = screenCanvas.getContext("2d");
  const s = Number(screenCanvas.dataset.scale);
  c.setTransform(1, 0, 0, 1, 0, 0);
  c.fillStyle = frame.background === undefined ? "#000" : rgb(frame.background);
  c.fillRect(0, 0, screenCanvas.width, screenCanvas.height);
  const textColor = frame.textColor === undefined ? "#fff" : rgb(frame.textColor);
  c.setTransform(s, 0, 0, s, 0, 0);
  if (S) {
    // The gesture service's page: the touches and its gestures, nothing of the to-do list.
    drawTouches(c, frame.t);
    drawServiceGestures(c, frame.t);
    return;
  }
  const labelFont = "bold " + Math.round(W * 16 / 320) + "px sans-serif";
  const inset = W * 15 / 320;
  if (frame.placeholder) {
    const p = frame.placeholder;
    if (p.scaleY > 0 && p.alpha > 0) {
      c.save();
      c.globalAlpha = p.alpha;
      c.translate(0, p.y + p.height / 2);
      c.scale(1, p.scaleY);
      c.fillStyle = rgb(p.color);
      c.fillRect(p.x, -p.height / 2, p.width, p.height);
      c.fillStyle = textColor;
      c.font = labelFont;
      c.textBaseline = "middle";
      c.fillText(text(p.text), p.x + inset, 0);
      c.restore();
    }
  }
  for (const r of frame.rows) {
    if (r.height <= 0) continue;
    c.save();
    c.globalAlpha = Math.max(0, Math.min(1, r.alpha));
    c.fillStyle = rgb(r.color);
    c.fillRect(r.x, r.y, r.width, r.height);
    // A row folding or squeezed (a pinch together, a level's transition) is the full row
    // squashed into its height, as the pictures draw it.
    const y = r.y + r.height / 2;
    c.translate(0, y);
    c.scale(1, r.height / D.rowHeight);
    c.fillStyle = r.textColor === undefined ? textColor : rgb(r.textColor);
    c.font = labelFont;
    c.textBaseline = "middle";
    const editing = frame.editing && frame.editing.index === r.index;
    const label = editing ? text(frame.editing.text) : text(r.text);
    const x = r.x + inset;
    c.fillText(label, x, 0);
    const width = c.measureText(label).width;
    if (r.strikethrough) c.fillRect(x, -W / 320, width, 2 * W / 320);
    if (editing) c.fillRect(x + c.measureText(label.slice(0, frame.editing.caret)).width + 2, -D.rowHeight * 0.25, 2 * W / 320, D.rowHeight * 0.5);
    // After the label, right-aligned and small: a list row's count, a Settings row's switch.
    const trailing = r.count !== undefined ? String(r.count) : (r.on !== undefined ? (r.on ? "On" : "Off") : null);
    if (trailing !== null) {
      c.font = Math.round(W * 16 * 0.6 / 320) + "px sans-serif";
      c.textAlign = "right";
      c.fillText(trailing, r.x + r.width - inset, 0);
    }
    c.restore();
  }
  if (frame.level) {
    // The level, in a corner of the screen (the items, the only level before levels, is
    // not named).
    c.save();
    c.font = Math.round(W / 30) + "px sans-serif";
    c.textAlign = "right";
    c.textBaseline = "bottom";
    c.fillStyle = "rgba(0,0,0,0.6)";
    const label = "level: " + frame.level;
    const w = c.measureText(label).width + 16;
    c.fillRect(W - w - 8, H - W / 30 - 24, w, W / 30 + 16);
    c.fillStyle = "#fff";
    c.fillText(label, W - 16, H - 16);
    c.restore();
  }
  if (frame.cues) {
    const q = frame.cues;
    c.save();
    c.globalAlpha = Math.max(0, Math.min(1, q.alpha));
    c.font = "bold " + Math.round(W * 32 / 320) + "px sans-serif";
    c.textAlign = "center";
    c.textBaseline = "middle";
    c.fillStyle = rgb(q.tick.color);
    c.fillText("\u2713", q.tick.x + q.tick.width / 2, q.tick.y + q.tick.height / 2);
    c.fillStyle = rgb(q.cross.color);
    c.fillText("\u2717", q.cross.x + q.cross.width / 2, q.cross.y + q.cross.height / 2);
    c.restore();
  }
  if (frame.keyboard) drawKeyboard(c, frame.keyboard);
  drawTouches(c, frame.t);
  drawLabels(c, frame.labels);
}

function drawKeyboard(c, keys) {
  c.save();
  c.font = Math.round(W / 24) + "px sans-serif";
  c.textAlign = "center";
  c.textBaseline = "middle";
  for (const k of keys) {
    c.fillStyle = k.pressed ? "#e6323c" : k.accent ? "#f39c12" : k.shift ? "#ddd" : "#333";
    c.fillRect(k.x + 2, k.y + 2, k.width - 4, k.height - 4);
    c.fillStyle = k.shift && !k.pressed ? "#222" : "#fff";
    c.fillText(text(k.text), k.x + k.width / 2, k.y + k.height / 2, k.width - 4);
  }
  c.restore();
}

const PALETTE = [0x00e5ff, 0xff4081, 0xffea00, 0x76ff03, 0xd500f9, 0xff9100, 0x2979ff, 0xffffff];
function drawTouches(c, ms) {
  const radius = Math.max(12, D.rowHeight * 0.15);
  D.touches.forEach(function (touch, n) {
    const color = PALETTE[n % PALETTE.length];
    const samples = touch.samples;
    if (!samples.length || samples[0].t > ms) return;
    let last = 0;
    while (last + 1 < samples.length && samples[last + 1].t <= ms) last++;
    const ended = samples[last].phase === "up" || samples[last].phase === "cancel";
    if (ended && ms - samples[last].t > TRAIL_MS) return;
    c.save();
    c.lineWidth = radius * 0.6;
    c.lineCap = "round";
    for (let i = 1; i <= last; i++) {
      const age = ms - samples[i].t;
      if (age > TRAIL_MS) continue;
      c.strokeStyle = rgb(color, 0.9 * (1 - age / TRAIL_MS));
      c.beginPath();
      c.moveTo(samples[i - 1].x, samples[i - 1].y);
      c.lineTo(samples[i].x, samples[i].y);
      c.stroke();
    }
    const p = samples[last];
    c.lineWidth = 4;
    c.strokeStyle = rgb(color);
    c.beginPath();
    c.arc(p.x, p.y, radius * 1.6, 0, 2 * Math.PI);
    if (ended) { c.stroke(); } else { c.fillStyle = rgb(color, 0.5); c.fill(); c.stroke(); }
    c.fillStyle = "#000";
    c.font = "bold " + Math.round(radius * 1.4) + "px sans-serif";
    c.textAlign = "center";
    c.textBaseline = "middle";
    if (!ended) c.fillText(String(touch.slot), p.x, p.y);
    c.restore();
  });
}

// The service's gestures: one colour per outcome, a gesture's label lingering after it
// ended as the to-do page's labels do.
const SERVICE_LINGER_MS = 700;
const SERVICE_COLORS = { progress: 0xffea00, recognized: 0x69f0ae, cancelled: 0xff5252 };
// A gesture at ms: its progress (the last report's at or before ms) and its state.
function serviceState(g, ms) {
  let progress = 0;
  for (const [t, p] of g.progress) { if (t <= ms) progress = p; }
  const ended = g.outcome !== null && ms >= g.end;
  return { progress: progress, state: ended ? g.outcome : "progress" };
}
// Its line now: the timeline's, "in progress 42%" until it ends.
function serviceLine(g, ms) {
  const now = serviceState(g, ms);
  if (now.state !== "progress") return text(g.text);
  return text(g.text).replace(/  (recognized|cancelled)/, "  in progress " + Math.round(now.progress * 100) + "%")
    .replace(/  (would run|runs) .*$/, "");
}
// The touches down at ms (their last positions before it), for a gesture's place.
function touchesAt(ms, from) {
  const points = [];
  for (const touch of D.touches) {
    const samples = touch.samples;
    if (!samples.length || samples[0].t > ms) continue;
    let last = 0;
    while (last + 1 < samples.length && samples[last + 1].t <= ms) last++;
    if (samples[last].t < from) continue;
    points.push(samples[last]);
  }
  return points;
}
const ARROWS = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };
// What the last frame drew, for the page's status: [label, state, x, y] with x, y the middle
// of its progress bar in screen pixels (the bar is the state's colour up to the progress).
let serviceDrawn = [];
function drawServiceGestures(c, ms) {
  const font = D.labelFont;
  serviceDrawn = [];
  for (const g of S.gestures) {
    if (g.start > ms || ms > g.end + SERVICE_LINGER_MS) continue;
    const now = serviceState(g, ms);
    const color = rgb(SERVICE_COLORS[now.state]);
    const points = touchesAt(Math.min(ms, g.end), g.start);
    if (!points.length) continue;
    const x = points.reduce(function (a, p) { return a + p.x; }, 0) / points.length;
    const y = points.reduce(function (a, p) { return a + p.y; }, 0) / points.length;
    c.save();
    c.strokeStyle = color;
    c.fillStyle = color;
    c.lineWidth = Math.max(4, font / 6);
    // Its edge: a bar along it.
    if (g.edge === "top") c.fillRect(0, 0, W, font / 3);
    if (g.edge === "bottom") c.fillRect(0, H - font / 3, W, font / 3);
    if (g.edge === "left") c.fillRect(0, 0, font / 3, H);
    if (g.edge === "right") c.fillRect(W - font / 3, 0, font / 3, H);
    // Its direction: an arrow from the fingers (a pinch: a ring in or out).
    const arrow = ARROWS[g.direction];
    const length = font * 3;
    if (arrow) {
      const tipX = x + arrow[0] * length, tipY = y + arrow[1] * length;
      c.beginPath(); c.moveTo(x, y); c.lineTo(tipX, tipY); c.stroke();
      c.beginPath();
      c.moveTo(tipX + arrow[0] * font * 0.6, tipY + arrow[1] * font * 0.6);
      c.lineTo(tipX - arrow[1] * font * 0.5, tipY + arrow[0] * font * 0.5);
      c.lineTo(tipX + arrow[1] * font * 0.5, tipY - arrow[0] * font * 0.5);
      c.fill();
    } else if (g.direction === "in" || g.direction === "out") {
      c.beginPath(); c.arc(x, y, g.direction === "out" ? length : length / 2, 0, 2 * Math.PI); c.stroke();
    }
    // Its label: fingers, kind, direction, edge, binding; under it, the progress.
    const label = g.fingers + "-finger " + g.kind + (g.direction ? " " + g.direction : "") +
      (g.edge ? " from " + g.edge : "") + (g.binding !== undefined ? " · " + text(g.binding) : "") +
      (now.state === "progress" ? " " + Math.round(now.progress * 100) + "%" : " · " + now.state);
    c.font = font + "px monospace";
    c.textBaseline = "middle";
    const width = Math.min(W - 16, c.measureText(label).width + 2 * D.labelPadding);
    const height = font * 1.5;
    const left = Math.max(8, Math.min(W - width - 8, x - width / 2));
    const top = Math.max(8, Math.min(H - height - font / 2 - 8, y - length - height - font));
    c.fillStyle = "rgba(0,0,0,0.85)";
    c.fillRect(left, top, width, height + font / 2);
    c.lineWidth = 2;
    c.strokeRect(left + 1, top + 1, width - 2, height + font / 2 - 2);
    c.fillStyle = color;
    c.fillText(label, left + D.labelPadding, top + height / 2, width - 2 * D.labelPadding);
    const bar = width * Math.max(0, Math.min(1, now.progress));
    c.fillRect(left, top + height, bar, font / 2);
    c.restore();
    serviceDrawn.push([label, now.state, left + bar / 2, top + height + font / 4]);
  }
}

function drawLabels(c, labels) {
  c.save();
  c.font = D.labelFont + "px monospace";
  c.textBaseline = "middle";
  for (const l of labels) {
    c.fillStyle = "rgba(0,0,0,0.8)";
    c.fillRect(l.x, l.y, l.width, l.height);
    c.strokeStyle = rgb(l.color);
    c.lineWidth = 2;
    c.strokeRect(l.x + 1, l.y + 1, l.width - 2, l.height - 2);
    c.fillStyle = rgb(l.color);
    // maxWidth squeezes the text into its box, so boxes that do not overlap keep
    // their texts apart whatever the font.
    c.fillText(text(l.text), l.x + D.labelPadding, l.y + l.height / 2, l.width - 2 * D.labelPadding);
  }
  c.restore();
}

// Gestures in lanes: a gesture goes in the first lane free at its start (the service's on
// its page, named by their line, coloured by how they ended).
const lanes = [];
const timelineGestures = S ? S.gestures.map(function (g) {
  return { name: g.text, start: g.start, end: g.end,
    color: SERVICE_COLORS[g.outcome === null ? "progress" : g.outcome] };
}) : D.gestures;
const laneOf = timelineGestures.map(function (g) {
  let lane = lanes.findIndex(function (end) { return end < g.start; });
  if (lane < 0) { lane = lanes.length; lanes.push(0); }
  lanes[lane] = Math.max(g.end, g.start + 1);
  return lane;
});
function timelineX(ms, width) { return 8 + (width - 16) * (lastFrameMs ? ms / lastFrameMs : 0); }
function drawTimeline(ms) {
  const c = timelineCanvas.getContext("2d");
  const ratio = window.devicePixelRatio || 1;
  const width = timelineCanvas.width / ratio, height = 90;
  c.setTransform(ratio, 0, 0, ratio, 0, 0);
  c.fillStyle = "#101010";
  c.fillRect(0, 0, width, height);
  const laneHeight = Math.max(4, Math.min(16, (height - 26) / Math.max(1, lanes.length)));
  c.font = "10px sans-serif";
  c.textBaseline = "middle";
  timelineGestures.forEach(function (g, i) {
    const x0 = timelineX(g.start, width), x1 = Math.max(x0 + 3, timelineX(g.end, width));
    const y = 18 + laneOf[i] * laneHeight;
    const active = g.start <= ms && ms <= g.end;
    c.fillStyle = rgb(g.color, active ? 1 : 0.55);
    c.fillRect(x0, y, x1 - x0, laneHeight - 2);
    if (x1 - x0 > 40 && laneHeight >= 10) {
      c.fillStyle = "#000";
      c.fillText(text(g.name), x0 + 2, y + laneHeight / 2 - 1, x1 - x0 - 4);
    }
  });
  c.fillStyle = "#69f0ae";
  for (const a of D.actions) {
    const x = timelineX(a.t, width);
    c.beginPath(); c.moveTo(x - 4, 2); c.lineTo(x + 4, 2); c.lineTo(x, 12); c.fill();
  }
  c.fillStyle = "#fff";
  c.fillRect(timelineX(ms, width) - 1, 0, 2, height);
}

function list(element, entries) {
  element.replaceChildren.apply(element, entries.map(function (entry) {
    const li = document.createElement("li");
    li.textContent = entry.text;
    if (entry.completed) li.className = "completed";
    return li;
  }));
}

function show(ms, fromSlider) {
  currentMs = Math.max(0, Math.min(lastFrameMs, ms));
  if (!D.frames.length) return;
  const frame = frameAt(currentMs);
  drawScreen(frame);
  drawTimeline(frame.t);
  document.getElementById("clock").textContent = frame.t.toFixed(1) + " ms";
  const done = D.actions.filter(function (a) { return a.t <= frame.t; }).map(function (a) { return text(a.text); });
  const now = D.gestures.filter(function (g) { return g.start <= frame.t && frame.t < g.end; }).map(function (g) { return text(g.name); });
  // The list: as the last action up to now left it (the screen may show only part).
  const reached = D.actions.filter(function (a) { return a.t <= frame.t; });
  const model = reached.length ? reached[reached.length - 1].items : D.initialItems;
  const items = model.map(function (i) { return { text: text(i.text), completed: i.completed === true }; });
  // [model index, text, y, completed, height, open-item count or null, fill, label colour].
  const rows = (frame.rows || []).slice().sort(function (a, b) { return a.y - b.y; }).map(function (r) {
    return [r.index, text(r.text), r.y, r.completed === true, r.height,
      r.count === undefined ? null : r.count, r.color,
      r.textColor === undefined ? (frame.textColor === undefined ? 0xffffff : frame.textColor) : r.textColor];
  });
  const level = frame.level || "items";
  statusElement.dataset.level = level;
  document.getElementById("level").textContent = level;
  statusElement.dataset.frameMs = frame.t.toFixed(3);
  statusElement.dataset.lastAction = done.length ? done[done.length - 1] : "";
  statusElement.dataset.actions = JSON.stringify(done);
  statusElement.dataset.gestures = JSON.stringify(now);
  statusElement.dataset.items = JSON.stringify(items);
  statusElement.dataset.rows = JSON.stringify(rows);
  statusElement.dataset.labels = JSON.stringify((frame.labels || []).map(function (l) { return [l.x, l.y, l.width, l.height, text(l.text)]; }));
  statusElement.textContent = "at " + frame.t.toFixed(1) + " ms" + (frame.animating ? " (animating)" : "");
  list(document.getElementById("gestures-now"), now.map(function (t) { return { text: t }; }));
  list(document.getElementById("actions-so-far"), done.map(function (t) { return { text: t }; }));
  list(document.getElementById("list"), items);
  if (S) {
    // The service's gestures begun by now: in progress with their progress, or how they ended.
    const service = S.gestures.filter(function (g) { return g.start <= frame.t; }).map(function (g) {
      return serviceLine(g, frame.t);
    });
    statusElement.dataset.serviceGestures = JSON.stringify(service);
    statusElement.dataset.serviceDrawn = JSON.stringify(serviceDrawn);
    list(document.getElementById("service-gestures"), service.map(function (t) { return { text: t }; }));
  }
  if (!fromSlider) slider.value = String(frameIndexAt(currentMs));
}

function tick(now) {
  if (!playing) return;
  if (lastTick !== null) {
    const next = currentMs + (now - lastTick) * Number(speedSelect.value);
    if (next >= lastFrameMs) { show(lastFrameMs); setPlaying(false); return; }
    show(next);
  }
  lastTick = now;
  requestAnimationFrame(tick);
}
function setPlaying(on) {
  playing = on;
  lastTick = null;
  playButton.textContent = on ? "Pause" : "Play";
  statusElement.dataset.playing = on ? "1" : "0";
  if (on) {
    if (currentMs >= lastFrameMs) show(0);
    requestAnimationFrame(tick);
  }
}
playButton.addEventListener("click", function () { setPlaying(!playing); });
slider.addEventListener("input", function () {
  if (D.frames.length) show(D.frames[Number(slider.value)].t, true);
});
function seekFromTimeline(event) {
  const rect = timelineCanvas.getBoundingClientRect();
  const fraction = (event.clientX - rect.left - 8) / Math.max(1, rect.width - 16);
  show(Math.max(0, Math.min(1, fraction)) * lastFrameMs);
}
timelineCanvas.addEventListener("mousedown", seekFromTimeline);
timelineCanvas.addEventListener("mousemove", function (e) { if (e.buttons & 1) seekFromTimeline(e); });
window.addEventListener("resize", function () { sizeCanvases(); show(currentMs); });
sizeCanvases();
show(0);
