// The play page: a seated player plays by clicking the board (legal
// targets shown), sets up with tools, presses the table's buttons, uses
// the menu, or types moves and commands; each is said to the bot as the
// link's holder (POST /play/TOKEN/say). The page's live part (#play) is
// redrawn by the server's events; the typed line, the menu and the
// messages stay. Nothing here is inline: the data comes from the JSON
// block #play-data and data- attributes.
(function () {
  "use strict";
  var root = document.getElementById("play");
  if (!root) {
    return;
  }
  var MAX_LINE = 2000; // the bot's own limit of a line
  var sayURL = root.dataset.say;
  var token = root.dataset.token;
  var messages = document.getElementById("messages");
  var form = document.getElementById("say-form");
  var input = document.getElementById("say-line");
  var privateBox = document.getElementById("say-private");

  var data = { moves: [], tools: [], privateVerbs: [], version: "" };
  var sel = []; // the squares selected (a piece, marbles), any order
  var path = []; // the squares clicked after, in order
  var lastClick = ""; // the square clicked last, to finish a chain there
  var toolFirst = ""; // a two-square tool's first square
  var toolChoice = ""; // the tool picked (its index), "" none
  var clockBase = 0;

  function readData() {
    var el = document.getElementById("play-data");
    var d = null;
    try {
      d = JSON.parse(el ? el.textContent : "null");
    } catch (e) {
      d = null;
    }
    d = d || {};
    data = {
      moves: d.moves || [],
      tools: d.tools || [],
      privateVerbs: d.privateVerbs || [],
      version: d.version || ""
    };
  }

  // Messages: what was said, and the bot's replies.
  function show(text, kind) {
    if (!messages) {
      return;
    }
    var p = document.createElement("div");
    var lines = text.split("\n");
    p.className = "message" + (kind ? " " + kind : "") + (lines.length > 1 ? " mono" : "");
    if (lines.length > 3) {
      // A board as text (the page draws it already): its first line,
      // the rest one click away.
      var d = document.createElement("details");
      var s = document.createElement("summary");
      s.textContent = lines[0];
      var pre = document.createElement("pre");
      pre.textContent = lines.slice(1).join("\n");
      d.appendChild(s);
      d.appendChild(pre);
      p.appendChild(d);
    } else {
      p.textContent = text;
    }
    messages.appendChild(p);
    while (messages.childNodes.length > 200) {
      messages.removeChild(messages.firstChild);
    }
    messages.scrollTop = messages.scrollHeight;
  }

  function isPrivateLine(line) {
    var verb = line.trim().split(/\s+/)[0].replace(/^!/, "").toLowerCase();
    return data.privateVerbs.indexOf(verb) >= 0;
  }

  // sent is the last line's request: each line waits for the one before
  // it, so the bot hears the lines in the order they were said (two
  // requests in flight at once may arrive either way round).
  var sent = Promise.resolve();

  function say(line, priv) {
    line = line.trim();
    if (!line) {
      return Promise.resolve(false);
    }
    if (new TextEncoder().encode(line).length > MAX_LINE) {
      show("Too long: a line is at most " + MAX_LINE + " bytes.", "error");
      return Promise.resolve(false);
    }
    priv = !!priv || isPrivateLine(line);
    show((priv ? "(privately) " : "") + "> " + line, "said");
    var request = sent.then(function () {
      return fetch(sayURL, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Play-Token": token },
        body: JSON.stringify({ line: line, private: priv }),
        credentials: "same-origin",
        cache: "no-store"
      });
    });
    sent = request.catch(function () {});
    return request.then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok || body.error) {
          show(body.error || "The bot did not answer (" + res.status + ").", "error");
          return false;
        }
        (body.replies || []).forEach(function (t) {
          show(t, "reply");
        });
        return true;
      });
    }).catch(function () {
      show("The bot could not be reached; try again.", "error");
      return false;
    });
  }

  // Load: a file of commands, each line said in turn, as the users'
  // guide's "load FILE" substitutes the file's lines for the command. It
  // stops at the first line the bot does not take.
  var loadFile = document.getElementById("load-file");
  if (loadFile) {
    loadFile.addEventListener("change", function () {
      var f = loadFile.files && loadFile.files[0];
      if (!f) {
        return;
      }
      f.text().then(function (text) {
        var lines = text.split(/\r?\n/).map(function (l) { return l.trim(); }).filter(function (l) { return l; });
        var next = function (i) {
          if (i >= lines.length) {
            return;
          }
          say(lines[i]).then(function (ok) {
            if (ok) {
              next(i + 1);
            }
          });
        };
        next(0);
        loadFile.value = "";
      });
    });
  }

  // The board's marks: the selection, the squares landed on, the targets.
  function cells() {
    return root.querySelectorAll("svg.board .cell");
  }

  function sameSet(a, b) {
    if (a.length !== b.length) {
      return false;
    }
    return a.every(function (x) {
      return b.indexOf(x) >= 0;
    });
  }

  function contains(big, small) {
    return small.every(function (x) {
      return big.indexOf(x) >= 0;
    });
  }

  function startsWith(p, prefix) {
    if (prefix.length > p.length) {
      return false;
    }
    for (var i = 0; i < prefix.length; i++) {
      if (p[i] !== prefix[i]) {
        return false;
      }
    }
    return true;
  }

  // The moves that go on from here: the selection whole, the path so far.
  function onward() {
    return data.moves.filter(function (m) {
      return sameSet(m.Select || [], sel) && startsWith(m.Path || [], path);
    });
  }

  // The move the clicks so far make, if one is whole.
  function whole() {
    var ms = onward().filter(function (m) {
      return (m.Path || []).length === path.length;
    });
    return ms.length ? ms[0] : null;
  }

  // Whether a longer move goes on from here (a further landing, or more
  // squares to select).
  function longer() {
    return data.moves.some(function (m) {
      var s = m.Select || [];
      var p = m.Path || [];
      if (path.length === 0 && s.length > sel.length && contains(s, sel)) {
        return true;
      }
      return sameSet(s, sel) && p.length > path.length && startsWith(p, path);
    });
  }

  function targets() {
    var out = {};
    if (!sel.length) {
      return out;
    }
    // A landing's mark is that of the move that ends there, when one
    // does (a chain's first landing is not yet its capture).
    onward().forEach(function (m) {
      var p = m.Path || [];
      var sq = p[path.length];
      if (p.length > path.length && (p.length === path.length + 1 || !Object.prototype.hasOwnProperty.call(out, sq))) {
        out[sq] = m.Mark || "";
      }
    });
    return out;
  }

  function mark() {
    var t = targets();
    var chosen = toolFirst ? [toolFirst] : sel;
    cells().forEach(function (c) {
      var sq = c.dataset.square;
      var cl = c.classList;
      ["selected", "landed", "target", "mark-clone", "mark-jump", "mark-push", "mark-capture", "mark-attack"].forEach(function (k) {
        cl.remove(k);
      });
      var label = c.dataset.label || sq;
      if (cl.contains("last")) {
        label += ", last move";
      }
      if (chosen.indexOf(sq) >= 0) {
        cl.add("selected");
        label += ", selected";
      }
      if (path.indexOf(sq) >= 0) {
        cl.add("landed");
        label += ", landed";
      }
      if (Object.prototype.hasOwnProperty.call(t, sq)) {
        cl.add("target");
        if (t[sq]) {
          cl.add("mark-" + t[sq]);
        }
        label += ", " + (t[sq] || "target");
      }
      c.setAttribute("aria-label", label);
    });
  }

  function clear() {
    sel = [];
    path = [];
    lastClick = "";
    toolFirst = "";
    mark();
  }

  function finish(m) {
    var text = m.Text;
    clear();
    say(text, false);
  }

  // After a click: say the move the clicks make when nothing longer goes
  // on from it; otherwise wait for the next click.
  function settle() {
    var m = whole();
    if (m && !longer()) {
      finish(m);
      return;
    }
    mark();
  }

  function clickMove(sq) {
    var t = targets();
    if (sel.length && Object.prototype.hasOwnProperty.call(t, sq)) {
      path.push(sq);
      lastClick = sq;
      settle();
      return;
    }
    if (sq === lastClick && (sel.length || path.length)) {
      var m = whole();
      if (m) {
        finish(m); // a chain stopped here: click the square landed on again
        return;
      }
    }
    if (!path.length && sel.indexOf(sq) >= 0) {
      sel = sel.filter(function (x) {
        return x !== sq;
      });
      lastClick = "";
      mark();
      return;
    }
    if (!path.length && sel.length) {
      var more = sel.concat([sq]);
      if (data.moves.some(function (m) { return contains(m.Select || [], more); })) {
        sel = more;
        lastClick = sq;
        settle();
        return;
      }
    }
    if (data.moves.some(function (m) { return (m.Select || []).indexOf(sq) >= 0; })) {
      sel = [sq];
      path = [];
      lastClick = sq;
      settle();
      return;
    }
    clear();
  }

  function useTool(t, sq) {
    var cmd = t.Command || "";
    if (t.Squares === 2) {
      if (!toolFirst) {
        toolFirst = sq;
        mark();
        return;
      }
      cmd = cmd.split("{1}").join(toolFirst).split("{2}").join(sq);
    } else {
      cmd = cmd.split("{1}").join(sq);
    }
    toolFirst = "";
    mark();
    say(cmd, !!t.Private);
  }

  function toolFor(button) {
    for (var i = 0; i < data.tools.length; i++) {
      if (data.tools[i].Button === button) {
        return data.tools[i];
      }
    }
    return null;
  }

  function click(sq, button) {
    if (button === "right") {
      var rt = toolFor("right");
      if (rt) {
        useTool(rt, sq);
      }
      return;
    }
    if (toolChoice !== "" && data.tools[+toolChoice]) {
      useTool(data.tools[+toolChoice], sq);
      return;
    }
    if (data.moves.length) {
      clickMove(sq);
      return;
    }
    var lt = toolFor("left");
    if (lt) {
      useTool(lt, sq);
      return;
    }
    clear();
  }

  function cellOf(target) {
    return target && target.closest ? target.closest("svg.board .cell") : null;
  }

  root.addEventListener("click", function (e) {
    var c = cellOf(e.target);
    if (c) {
      click(c.dataset.square, "left");
      return;
    }
    var b = e.target.closest ? e.target.closest("button.command") : null;
    if (b) {
      say(b.dataset.command, b.dataset.private === "true");
    }
  });

  root.addEventListener("contextmenu", function (e) {
    var c = cellOf(e.target);
    if (c || (e.target.closest && e.target.closest("svg.board"))) {
      e.preventDefault();
      if (c) {
        click(c.dataset.square, "right");
      }
    }
  });

  // A cell's centre as drawn: its translate(X Y).
  function centre(c) {
    var m = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(c.getAttribute("transform") || "");
    return m ? { x: +m[1], y: +m[2] } : { x: 0, y: 0 };
  }

  // The nearest cell from c in the arrow's direction, as the board is
  // drawn (a flipped board's too).
  function neighbour(c, key) {
    var d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
    var from = centre(c);
    var best = null;
    var bestScore = Infinity;
    cells().forEach(function (o) {
      var p = centre(o);
      var ahead = (p.x - from.x) * d[0] + (p.y - from.y) * d[1];
      if (ahead < 0.3) {
        return;
      }
      var aside = Math.abs((p.x - from.x) * d[1]) + Math.abs((p.y - from.y) * d[0]);
      var score = ahead + 2 * aside;
      if (score < bestScore) {
        bestScore = score;
        best = o;
      }
    });
    return best;
  }

  root.addEventListener("keydown", function (e) {
    var c = cellOf(e.target);
    if (!c) {
      return;
    }
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      click(c.dataset.square, e.shiftKey ? "right" : "left"); // Shift: the right button's tool
    } else if (/^Arrow/.test(e.key)) {
      var n = neighbour(c, e.key);
      e.preventDefault();
      if (n) {
        n.focus();
      }
    }
  });

  root.addEventListener("change", function (e) {
    if (e.target.name === "tool") {
      toolChoice = e.target.value;
      toolFirst = "";
      mark();
    }
  });

  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") {
      clear();
    }
  });

  // The typed line: Enter sends it.
  if (form && input) {
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var line = input.value;
      say(line, privateBox && privateBox.checked).then(function (ok) {
        if (ok) {
          input.value = "";
        }
      });
      input.focus();
    });
  }

  // The menu: each command's form says the command with its arguments; a
  // file's text fills the argument it is for, its lines made one.
  document.querySelectorAll("form.menu-command").forEach(function (f) {
    f.addEventListener("submit", function (e) {
      e.preventDefault();
      var parts = [f.dataset.verb];
      f.querySelectorAll("[data-arg]").forEach(function (el) {
        var v = (el.value || "").trim();
        if (v) {
          parts.push(v);
        }
      });
      say(parts.join(" "), f.dataset.private === "true");
    });
    f.querySelectorAll("input[type=file][data-file-for]").forEach(function (fi) {
      fi.addEventListener("change", function () {
        var file = fi.files && fi.files[0];
        if (!file) {
          return;
        }
        if (file.size > 64 * 1024) {
          show("That file is too large to send.", "error");
          return;
        }
        file.text().then(function (text) {
          var line = text.replace(/\s+/g, " ").trim();
          if (new TextEncoder().encode(line).length > MAX_LINE) {
            show("That file's text is too long to send (at most " + MAX_LINE + " bytes).", "error");
            return;
          }
          var target = f.querySelector('[data-arg][name="' + fi.dataset.fileFor.replace(/["\\]/g, "") + '"]');
          if (target) {
            target.value = line;
          }
        });
      });
    });
  });

  // Clocks tick here between the server's views.
  function syncClocks() {
    clockBase = performance.now();
    tickClocks();
  }

  function text(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(s / 3600);
    var m = Math.floor(s / 60) % 60;
    var ss = ("0" + (s % 60)).slice(-2);
    return h ? h + ":" + ("0" + m).slice(-2) + ":" + ss : m + ":" + ss;
  }

  function tickClocks() {
    var gone = performance.now() - clockBase;
    root.querySelectorAll(".clock").forEach(function (c) {
      var left = +c.dataset.leftMs;
      if (c.dataset.running === "true") {
        left -= gone;
      }
      var t = c.querySelector(".clock-time");
      if (t) {
        t.textContent = text(left);
      }
      c.classList.toggle("low", left < 10000);
    });
  }

  setInterval(tickClocks, 250);

  // The live part: redrawn by each event; the focus stays on the square
  // it was on, the picked tool stays picked.
  function redraw(html) {
    var active = document.activeElement;
    var focused = active && root.contains(active) && active.dataset ? active.dataset.square : "";
    var version = data.version;
    root.innerHTML = html;
    readData();
    if (data.version !== version) {
      sel = [];
      path = [];
      lastClick = "";
      toolFirst = "";
    }
    var pick = root.querySelector('input[name="tool"][value="' + toolChoice + '"]');
    if (pick) {
      pick.checked = true;
    } else {
      toolChoice = "";
    }
    mark();
    syncClocks();
    if (focused) {
      var again = root.querySelector('.cell[data-square="' + focused.replace(/["\\]/g, "") + '"]');
      if (again) {
        again.focus();
      }
    }
  }

  readData();
  mark();
  syncClocks();

  if (window.EventSource && root.dataset.events) {
    var es = new EventSource(root.dataset.events);
    es.addEventListener("play", function (e) {
      redraw(e.data);
    });
    es.addEventListener("end", function (e) {
      es.close();
      if (e.data === "gone") {
        show("This link does not work any more: ask for a new one with !web in the channel.", "error");
      }
    });
  }
})();
