// A finished game's replay: the page's board (#board) steps through the
// positions /games/ID/replay.json gives, by the buttons, the move list,
// the keys (←, →, Home, End) or played through with a delay. A hidden
// game's armies can be hidden again as their players saw each other's
// (the "Hide" boxes ask the positions again with ?hide=).
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var COLOURS = ["red", "blue", "black", "white", "green", "yellow"];

  function start() {
    var box = document.getElementById("replay");
    var board = document.getElementById("board");
    if (!box || !board || box.dataset.ready || !window.fetch) {
      return;
    }
    box.dataset.ready = "true";
    var surface = null;
    var frames = [];
    var cur = -1;
    var timer = null;
    var byName = {};
    board.querySelectorAll(".cell").forEach(function (c) {
      byName[c.dataset.square] = c;
    });
    var $ = function (id) {
      return document.getElementById(id);
    };

    function pieceClass(look) {
      var c = "piece " + (look.Side >= 0 ? "side-" + look.Side : "side-none");
      var words = (look.Label || "").toLowerCase().split(/\s+/);
      for (var i = 0; i < words.length; i++) {
        if (COLOURS.indexOf(words[i]) >= 0) {
          return c + " c-" + words[i];
        }
      }
      return c;
    }

    function drawPiece(cell, text) {
      var old = cell.querySelector(".piece");
      if (old) {
        if (old.getAttribute("data-piece") === text) {
          return;
        }
        cell.removeChild(old);
      }
      if (!text) {
        return;
      }
      var look = (surface.Pieces || {})[text] || { Label: text, Side: -1, Glyph: "" };
      var g = document.createElementNS(SVG, "g");
      g.setAttribute("class", pieceClass(look));
      g.setAttribute("data-piece", text);
      var disc;
      if (look.Side >= 0) {
        disc = document.createElementNS(SVG, "circle");
        disc.setAttribute("r", "0.38");
      } else {
        disc = document.createElementNS(SVG, "rect");
        disc.setAttribute("x", "-0.36");
        disc.setAttribute("y", "-0.36");
        disc.setAttribute("width", "0.72");
        disc.setAttribute("height", "0.72");
        disc.setAttribute("rx", "0.08");
      }
      disc.setAttribute("class", "disc");
      g.appendChild(disc);
      if (look.Glyph) {
        var t = document.createElementNS(SVG, "text");
        t.setAttribute("class", "glyph");
        t.setAttribute("dy", "0.02");
        t.textContent = look.Glyph;
        g.appendChild(t);
      }
      var hint = cell.querySelector(".hint");
      cell.insertBefore(g, hint);
    }

    function label(c, text, last) {
      var l = c.Name;
      var look = (surface.Pieces || {})[text];
      if (text) {
        l += ", " + (look && look.Label ? look.Label : text);
      } else if (c.Class) {
        l += ", " + c.Class;
      } else {
        l += ", empty";
      }
      return last ? l + ", last move" : l;
    }

    function show(i) {
      if (!frames.length) {
        return;
      }
      cur = Math.max(0, Math.min(frames.length - 1, i));
      var f = frames[cur];
      var last = f.Last || [];
      (surface.Cells || []).forEach(function (c, j) {
        var el = byName[c.Name];
        if (!el) {
          return;
        }
        var text = (f.Pieces || [])[j] || "";
        drawPiece(el, text);
        var isLast = last.indexOf(c.Name) >= 0;
        el.classList.toggle("last", isLast);
        el.setAttribute("aria-label", label(c, text, isLast));
      });
      var n = frames.length - 1;
      $("replay-ply").textContent = cur === 0 ? "The start, before move 1 of " + n : "Move " + cur + " of " + n + ": " + f.Move;
      document.querySelectorAll("#moves button.ply").forEach(function (b) {
        if (+b.dataset.ply === cur) {
          b.setAttribute("aria-current", "step");
          if (b.scrollIntoView && timer) {
            b.scrollIntoView({ block: "nearest" });
          }
        } else {
          b.removeAttribute("aria-current");
        }
      });
      if (cur === n) {
        stop();
      }
    }

    // The move list becomes the frames' moves, each a button to go there.
    function moveList() {
      var ol = $("moves");
      if (!ol) {
        return;
      }
      if (ol.tagName !== "OL") {
        var fresh = document.createElement("ol");
        fresh.id = "moves";
        fresh.className = "moves";
        ol.parentNode.replaceChild(fresh, ol);
        ol = fresh;
      }
      ol.textContent = "";
      for (var i = 1; i < frames.length; i++) {
        var li = document.createElement("li");
        var b = document.createElement("button");
        b.type = "button";
        b.className = "ply";
        b.dataset.ply = String(i);
        b.textContent = frames[i].Move || "?";
        li.appendChild(b);
        ol.appendChild(li);
      }
    }

    function stop() {
      if (timer) {
        clearInterval(timer);
        timer = null;
      }
      $("replay-play").setAttribute("aria-pressed", "false");
      $("replay-play").textContent = "▶ Play";
    }

    function play() {
      stop();
      if (cur >= frames.length - 1) {
        show(0);
      }
      $("replay-play").setAttribute("aria-pressed", "true");
      $("replay-play").textContent = "❚❚ Pause";
      timer = setInterval(function () {
        show(cur + 1);
      }, +$("replay-delay").value || 1000);
    }

    function hidden() {
      var seats = [];
      box.querySelectorAll("input.replay-hide").forEach(function (c) {
        if (c.checked) {
          seats.push(c.dataset.seat);
        }
      });
      return seats.join(",");
    }

    function load() {
      var hide = hidden();
      var url = box.dataset.replay + (hide ? "?hide=" + encodeURIComponent(hide) : "");
      return fetch(url, { headers: { Accept: "application/json" } }).then(function (res) {
        if (!res.ok) {
          throw new Error("replay: " + res.status);
        }
        return res.json();
      }).then(function (d) {
        surface = d.surface || {};
        frames = d.frames || [];
        if (!frames.length) {
          return;
        }
        moveList();
        box.hidden = false;
        show(cur < 0 ? frames.length - 1 : cur);
      }).catch(function () {
        box.hidden = true;
      });
    }

    $("replay-first").addEventListener("click", function () { stop(); show(0); });
    $("replay-back").addEventListener("click", function () { stop(); show(cur - 1); });
    $("replay-forward").addEventListener("click", function () { stop(); show(cur + 1); });
    $("replay-last").addEventListener("click", function () { stop(); show(frames.length - 1); });
    $("replay-play").addEventListener("click", function () {
      if (timer) {
        stop();
      } else {
        play();
      }
    });
    $("replay-delay").addEventListener("change", function () {
      if (timer) {
        play();
      }
    });
    box.addEventListener("change", function (e) {
      if (e.target.classList && e.target.classList.contains("replay-hide")) {
        load();
      }
    });
    document.addEventListener("click", function (e) {
      var b = e.target.closest ? e.target.closest("#moves button.ply") : null;
      if (b) {
        stop();
        show(+b.dataset.ply);
      }
    });
    document.addEventListener("keydown", function (e) {
      var t = e.target;
      if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA") || e.altKey || e.ctrlKey || e.metaKey) {
        return;
      }
      var to = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: frames.length - 1 }[e.key];
      if (to === undefined || !frames.length) {
        return;
      }
      e.preventDefault();
      stop();
      show(to);
    });
    load();
  }

  start();
  // A live page that has just ended gets its replay when its last view
  // comes (live.js tells).
  document.addEventListener("live:update", start);
})();
