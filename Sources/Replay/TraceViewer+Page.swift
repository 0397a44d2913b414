/// The page around the data: one HTML file with its style and script inline. Its Content
/// Security Policy forbids every outside resource, so the page works from `file://`
/// offline and cannot fetch anything even by mistake.
extension TraceViewer {
    static func page(title: String, data: String) -> String {
        // `</` inside a script element would end it: JSON allows `<\/` for it.
        let embedded = data.split(separator: "</", omittingEmptySubsequences: false).joined(
            separator: "<\\/")
        let head = pageHead.split(separator: "{{TITLE}}", omittingEmptySubsequences: false)
            .joined(separator: htmlEscaped(title))
        return head + "<script type=\"application/json\" id=\"trace-data\">" + embedded
            + "</script>\n<script>\n" + pageScript + "</script>\n</body>\n</html>\n"
    }

    /// `&`, `<`, `>` and `"` as entities.
    static func htmlEscaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    static let pageHead = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{TITLE}} · cleartouch view</title>
        <style>
        body { margin: 0; background: #181818; color: #e8e8e8; font: 14px sans-serif; }
        header { padding: 8px 12px; }
        header h1 { font-size: 16px; margin: 0 0 2px 0; }
        #stats { color: #aaa; }
        #main { display: flex; gap: 12px; padding: 0 12px; align-items: flex-start; }
        #screen { background: #000; border: 1px solid #444; }
        #side { min-width: 260px; max-width: 420px; }
        #side h2 { font-size: 13px; margin: 10px 0 4px 0; color: #aaa; font-weight: normal; }
        #side ul { margin: 0; padding-left: 18px; }
        #side li.completed { color: #66bb6a; text-decoration: line-through; }
        #controls { display: flex; gap: 10px; align-items: center; padding: 8px 12px; }
        #time { flex: 1; }
        #clock { font-family: monospace; min-width: 9em; text-align: right; }
        #timeline { display: block; margin: 0 12px 12px 12px; background: #101010; border: 1px solid #444; cursor: pointer; }
        </style>
        </head>
        <body>
        <header><h1>{{TITLE}}</h1><div id="stats"></div></header>
        <div id="controls">
        <button id="play" type="button">Play</button>
        <label>speed <select id="speed">
        <option value="0.1">0.1×</option><option value="0.25">0.25×</option><option value="0.5">0.5×</option>
        <option value="1" selected>1×</option><option value="2">2×</option><option value="4">4×</option>
        </select></label>
        <input id="time" type="range" min="0" max="0" step="1" value="0" aria-label="time (ms)">
        <span id="clock"></span>
        </div>
        <canvas id="timeline" height="90"></canvas>
        <div id="main">
        <canvas id="screen"></canvas>
        <div id="side">
        <div id="status" data-frame-ms="0" data-last-action="" data-actions="" data-gestures="" data-items="" data-rows="" data-labels="" data-playing="0"></div>
        <h2>gestures now</h2><ul id="gestures-now"></ul>
        <h2>actions so far</h2><ul id="actions-so-far"></ul>
        <h2>list</h2><ul id="list"></ul>
        </div>
        </div>

        """

    /// The script. Data layout (`TraceViewer+JSON.swift`), times in ms, lengths in px:
    /// - frames[k]: {t, rows: [[modelIndex, text, x, y, w, h, alpha, rgb, flags(1 completed,
    ///   2 strikethrough, 4 editing)]], labels: [[x, y, w, h, text, rgb]], anim,
    ///   cues?: [tick x y w h rgb, cross x y w h rgb, alpha], ph?: [x y w h scaleY alpha
    ///   text rgb], edit?: [modelIndex, text, caret], kb?: [[x y w h text flags(1 pressed, 2 shift on, 4 accent choice)]]}
    ///   (`kb`, an on-screen keyboard, is drawn when a frame has one);
    /// - touches: [[slot, [t, x, y, phase(0 down 1 move 2 up 3 cancel)]...]];
    /// - gestures: [[name, outcome, start, end, caused, rgb]]; actions: [[t, text, the
    ///   list after it: [[text, completed]...]]]; initialItems: the list at the start;
    /// - texts: the strings the other entries name by index.
    static let pageScript = #"""
        "use strict";
        const D = JSON.parse(document.getElementById("trace-data").textContent);
        const T = D.texts;
        const TRAIL_MS = 500;
        const screenCanvas = document.getElementById("screen");
        const timelineCanvas = document.getElementById("timeline");
        const slider = document.getElementById("time");
        const playButton = document.getElementById("play");
        const speedSelect = document.getElementById("speed");
        const statusElement = document.getElementById("status");
        const lastFrameMs = D.frames.length ? D.frames[D.frames.length - 1].t : 0;
        const W = D.screen[0], H = D.screen[1];
        let currentMs = 0, playing = false, lastTick = null;

        slider.max = String(Math.ceil(lastFrameMs));
        document.getElementById("stats").textContent =
          D.events + " events, " + D.duration.toFixed(3) + " ms recorded, settled at " +
          lastFrameMs.toFixed(1) + " ms; screen " + W + "×" + H + ", row height " + D.rowHeight +
          " px; " + D.frames.length + " frames at " + D.fps + " fps";

        function rgb(value, alpha) {
          const r = (value >> 16) & 255, g = (value >> 8) & 255, b = value & 255;
          return "rgba(" + r + "," + g + "," + b + "," + (alpha === undefined ? 1 : alpha) + ")";
        }
        function frameAt(ms) {
          // The frame shown at ms: the last one at or before it.
          let k = Math.floor(ms * D.fps / 1000 + 1e-9);
          k = Math.max(0, Math.min(D.frames.length - 1, k));
          // Frame times are rounded to the microsecond: step to the exact frame.
          while (k > 0 && D.frames[k].t > ms) k--;
          while (k + 1 < D.frames.length && D.frames[k + 1].t <= ms) k++;
          return D.frames[k];
        }

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
          c.fillStyle = "#000";
          c.fillRect(0, 0, screenCanvas.width, screenCanvas.height);
          c.setTransform(s, 0, 0, s, 0, 0);
          const labelFont = "bold " + Math.round(W * 16 / 320) + "px sans-serif";
          const inset = W * 15 / 320;
          if (frame.ph) {
            const p = frame.ph;
            if (p[4] > 0 && p[5] > 0) {
              c.save();
              c.globalAlpha = p[5];
              c.translate(0, p[1] + p[3] / 2);
              c.scale(1, p[4]);
              c.fillStyle = rgb(p[7]);
              c.fillRect(p[0], -p[3] / 2, p[2], p[3]);
              c.fillStyle = "#fff";
              c.font = labelFont;
              c.textBaseline = "middle";
              c.fillText(T[p[6]], p[0] + inset, 0);
              c.restore();
            }
          }
          for (const r of frame.rows) {
            c.save();
            c.globalAlpha = Math.max(0, Math.min(1, r[6]));
            c.fillStyle = rgb(r[7]);
            c.fillRect(r[2], r[3], r[4], r[5]);
            c.fillStyle = "#fff";
            c.font = labelFont;
            c.textBaseline = "middle";
            const editing = frame.edit && frame.edit[0] === r[0];
            const text = editing ? T[frame.edit[1]] : T[r[1]];
            const x = r[2] + inset, y = r[3] + r[5] / 2;
            c.fillText(text, x, y);
            const width = c.measureText(text).width;
            if (r[8] & 2) c.fillRect(x, y - W / 320, width, 2 * W / 320);
            if (editing) c.fillRect(x + c.measureText(text.slice(0, frame.edit[2])).width + 2, r[3] + r[5] * 0.25, 2 * W / 320, r[5] * 0.5);
            c.restore();
          }
          if (frame.cues) {
            const q = frame.cues;
            c.save();
            c.globalAlpha = Math.max(0, Math.min(1, q[10]));
            c.font = "bold " + Math.round(W * 32 / 320) + "px sans-serif";
            c.textAlign = "center";
            c.textBaseline = "middle";
            c.fillStyle = rgb(q[4]);
            c.fillText("\u2713", q[0] + q[2] / 2, q[1] + q[3] / 2);
            c.fillStyle = rgb(q[9]);
            c.fillText("\u2717", q[5] + q[7] / 2, q[6] + q[8] / 2);
            c.restore();
          }
          if (frame.kb) drawKeyboard(c, frame.kb);
          drawTouches(c, frame.t);
          drawLabels(c, frame.labels);
        }

        function drawKeyboard(c, keys) {
          c.save();
          c.font = Math.round(W / 24) + "px sans-serif";
          c.textAlign = "center";
          c.textBaseline = "middle";
          for (const k of keys) {
            c.fillStyle = (k[5] & 1) ? "#e6323c" : (k[5] & 4) ? "#f39c12" : (k[5] & 2) ? "#ddd" : "#333";
            c.fillRect(k[0] + 2, k[1] + 2, k[2] - 4, k[3] - 4);
            c.fillStyle = (k[5] & 2) && !(k[5] & 1) ? "#222" : "#fff";
            c.fillText(T[k[4]], k[0] + k[2] / 2, k[1] + k[3] / 2, k[2] - 4);
          }
          c.restore();
        }

        const PALETTE = [0x00e5ff, 0xff4081, 0xffea00, 0x76ff03, 0xd500f9, 0xff9100, 0x2979ff, 0xffffff];
        function drawTouches(c, ms) {
          const radius = Math.max(12, D.rowHeight * 0.15);
          D.touches.forEach(function (touch, n) {
            const color = PALETTE[n % PALETTE.length];
            const samples = touch.slice(1);
            if (!samples.length || samples[0][0] > ms) return;
            let last = 0;
            while (last + 1 < samples.length && samples[last + 1][0] <= ms) last++;
            const ended = samples[last][1] !== undefined && samples[last][3] >= 2;
            if (ended && ms - samples[last][0] > TRAIL_MS) return;
            c.save();
            c.lineWidth = radius * 0.6;
            c.lineCap = "round";
            for (let i = 1; i <= last; i++) {
              const age = ms - samples[i][0];
              if (age > TRAIL_MS) continue;
              c.strokeStyle = rgb(color, 0.9 * (1 - age / TRAIL_MS));
              c.beginPath();
              c.moveTo(samples[i - 1][1], samples[i - 1][2]);
              c.lineTo(samples[i][1], samples[i][2]);
              c.stroke();
            }
            const p = samples[last];
            c.lineWidth = 4;
            c.strokeStyle = rgb(color);
            c.beginPath();
            c.arc(p[1], p[2], radius * 1.6, 0, 2 * Math.PI);
            if (ended) { c.stroke(); } else { c.fillStyle = rgb(color, 0.5); c.fill(); c.stroke(); }
            c.fillStyle = "#000";
            c.font = "bold " + Math.round(radius * 1.4) + "px sans-serif";
            c.textAlign = "center";
            c.textBaseline = "middle";
            if (!ended) c.fillText(String(touch[0]), p[1], p[2]);
            c.restore();
          });
        }

        function drawLabels(c, labels) {
          c.save();
          c.font = D.labelFont + "px monospace";
          c.textBaseline = "middle";
          for (const l of labels) {
            c.fillStyle = "rgba(0,0,0,0.8)";
            c.fillRect(l[0], l[1], l[2], l[3]);
            c.strokeStyle = rgb(l[5]);
            c.lineWidth = 2;
            c.strokeRect(l[0] + 1, l[1] + 1, l[2] - 2, l[3] - 2);
            c.fillStyle = rgb(l[5]);
            // maxWidth squeezes the text into its box, so boxes that do not overlap keep
            // their texts apart whatever the font.
            c.fillText(T[l[4]], l[0] + D.labelPadding, l[1] + l[3] / 2, l[2] - 2 * D.labelPadding);
          }
          c.restore();
        }

        // Gestures in lanes: a gesture goes in the first lane free at its start.
        const lanes = [];
        const laneOf = D.gestures.map(function (g) {
          let lane = lanes.findIndex(function (end) { return end < g[2]; });
          if (lane < 0) { lane = lanes.length; lanes.push(0); }
          lanes[lane] = Math.max(g[3], g[2] + 1);
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
          D.gestures.forEach(function (g, i) {
            const x0 = timelineX(g[2], width), x1 = Math.max(x0 + 3, timelineX(g[3], width));
            const y = 18 + laneOf[i] * laneHeight;
            const active = g[2] <= ms && ms <= g[3];
            c.fillStyle = rgb(g[5], active ? 1 : 0.55);
            c.fillRect(x0, y, x1 - x0, laneHeight - 2);
            if (x1 - x0 > 40 && laneHeight >= 10) {
              c.fillStyle = "#000";
              c.fillText(T[g[0]], x0 + 2, y + laneHeight / 2 - 1, x1 - x0 - 4);
            }
          });
          c.fillStyle = "#69f0ae";
          for (const a of D.actions) {
            const x = timelineX(a[0], width);
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
          const done = D.actions.filter(function (a) { return a[0] <= frame.t; }).map(function (a) { return T[a[1]]; });
          const now = D.gestures.filter(function (g) { return g[2] <= frame.t && frame.t < g[3]; }).map(function (g) { return T[g[0]]; });
          // The list: as the last action up to now left it (the screen may show only part).
          const reached = D.actions.filter(function (a) { return a[0] <= frame.t; });
          const model = reached.length ? reached[reached.length - 1][2] : D.initialItems;
          const items = model.map(function (i) { return { text: T[i[0]], completed: i[1] }; });
          const rows = frame.rows.slice().sort(function (a, b) { return a[3] - b[3]; }).map(function (r) {
            return [r[0], T[r[1]], r[3], (r[8] & 1) !== 0];
          });
          statusElement.dataset.frameMs = frame.t.toFixed(3);
          statusElement.dataset.lastAction = done.length ? done[done.length - 1] : "";
          statusElement.dataset.actions = JSON.stringify(done);
          statusElement.dataset.gestures = JSON.stringify(now);
          statusElement.dataset.items = JSON.stringify(items);
          statusElement.dataset.rows = JSON.stringify(rows);
          statusElement.dataset.labels = JSON.stringify(frame.labels.map(function (l) { return [l[0], l[1], l[2], l[3], T[l[4]]]; }));
          statusElement.textContent = "at " + frame.t.toFixed(1) + " ms" + (frame.anim ? " (animating)" : "");
          list(document.getElementById("gestures-now"), now.map(function (t) { return { text: t }; }));
          list(document.getElementById("actions-so-far"), done.map(function (t) { return { text: t }; }));
          list(document.getElementById("list"), items);
          if (!fromSlider) slider.value = String(Math.round(currentMs));
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
        slider.addEventListener("input", function () { show(Number(slider.value), true); });
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

        """#
}
