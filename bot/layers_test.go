package bot_test

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The host as a core and its features, in its import graph. The core
// (package bot: the command language, tables, seats, the transaction,
// delivery) names no game and no feature; each feature (players and
// ratings, clocks, tournaments, spectating, metrics, pictures, limits) is
// a package beside it that imports no other feature and no game; each
// game's package imports no other game. Kits are libraries with no
// commands of their own (the Glicko-2 arithmetic, tournament pairings,
// the drawing kit, the program protocol): anyone in bot/ may use them,
// and they import no feature and no game. Around bot the
// README's "Dependencies point inward" holds: engine ← ai ← bot ←
// adapters/store ← cmd.
//
// Only the Imports of a package count, not its TestImports or
// XTestImports: the rules protect what is built and shipped, and a test
// legitimately reaches across them (the core's external tests run it over
// the real games, a game's tests run the kindtest contract suite, an
// adapter's tests may start a store). Test code cannot make the shipped
// program depend the wrong way, and Go already refuses the one harmful
// case (an in-package test import that closes a cycle).

// Classes of the packages under bot/.
const (
	core        = "core"
	kit         = "kit"
	feature     = "feature"
	game        = "game"
	testSupport = "test support"
)

// botClasses classifies every package under bot/, by its path in the
// module. A new package under bot/ fails TestImportGraph until it is put
// here: whoever adds one decides whether it is a feature, a game or test
// support (test support is imported by tests only, so it may import
// anything of the bot layer).
var botClasses = map[string]string{
	"bot":         core,
	"bot/deliver": core, // a part of the core in its own package: delivery between processes

	"bot/record": core, // the stored record, its encodings and versions: the table's persistence

	"bot/migrate": kit, // the operator's dump and migrate tooling
	"bot/picture": kit,
	"bot/program": kit,
	"bot/rating":  kit,
	"bot/tourney": kit,

	"bot/players": feature,
	"bot/limits":  feature,

	"bot/abalonegame":  game,
	"bot/ataxxgame":    game,
	"bot/congogame":    game,
	"bot/guessgame":    game,
	"bot/strategogame": game,

	"bot/clock":      feature,
	"bot/tournament": feature,
	"bot/metrics":    feature,
	"bot/pictures":   feature,
	"bot/spectate":   feature,
	"bot/webplay":    feature,

	"bot/hosttest":            testSupport,
	"bot/kindtest":            testSupport,
	"bot/picture/picturetest": testSupport,
}

// knownExceptions are imports that break a rule today, each with what must
// move for it to go. TestImportGraph fails on a violation not listed here
// and on an entry here that no longer occurs (delete it then), so the table
// only shrinks.
var knownExceptions = map[[2]string]string{}

// layers: what each top-level folder of the module may import (besides
// itself, checked finer below for adapters). cmd wires everything.
var layers = map[string][]string{
	"engine":   {"engine"},
	"ai":       {"engine", "ai"},
	"bot":      {"engine", "ai", "bot"},
	"adapters": {"engine", "ai", "bot", "adapters"},
	"store":    {"engine", "ai", "bot", "store"},
	"cmd":      {"engine", "ai", "bot", "adapters", "store", "cmd"},
}

// violation is one import that breaks a rule: From imports To (To is ""
// when the package itself is out of place, e.g. unclassified).
type violation struct {
	From, To string
	Msg      string
}

func (v violation) String() string {
	if v.To == "" {
		return v.From + ": " + v.Msg
	}
	return v.From + " imports " + v.To + ": " + v.Msg
}

// unit is the piece of bot/ a package belongs to: "bot" for the core,
// "bot/<name>" for a package under bot/ and its subpackages.
func unit(pkg string) string {
	parts := strings.SplitN(pkg, "/", 3)
	if len(parts) < 2 {
		return pkg
	}
	return parts[0] + "/" + parts[1]
}

func top(pkg string) string {
	t, _, _ := strings.Cut(pkg, "/")
	return t
}

// violations checks graph (a package's path in the module → the paths of
// the module's packages it imports; imports from outside the module left
// out) against the layers and the bot/ classes, in a stable order.
func violations(graph map[string][]string, classes map[string]string) []violation {
	var out []violation
	add := func(from, to, format string, args ...any) {
		out = append(out, violation{from, to, fmt.Sprintf(format, args...)})
	}
	pkgs := make([]string, 0, len(graph))
	for p := range graph {
		pkgs = append(pkgs, p)
	}
	slices.Sort(pkgs)
	for _, p := range pkgs {
		layer := top(p)
		allowed, ok := layers[layer]
		if !ok {
			add(p, "", "got a package in no layer; want it under engine, ai, bot, adapters, store or cmd (or a layer added to layers)")
			continue
		}
		class, classified := classes[p]
		if layer == "bot" && !classified {
			add(p, "", "got a package under bot/ with no class; want it in botClasses as %s, %s, %s, %s or %s", core, kit, feature, game, testSupport)
		}
		imports := slices.Clone(graph[p])
		slices.Sort(imports)
		for _, imp := range imports {
			il := top(imp)
			if !slices.Contains(allowed, il) {
				add(p, imp, "got %s importing %s; want %s to import only %s", layer, il, layer, strings.Join(allowed, ", "))
				continue
			}
			if layer == "adapters" && il == "adapters" && unit(imp) != unit(p) {
				add(p, imp, "got an adapter importing another adapter; want adapters independent (cmd wires them)")
			}
			if layer != "bot" || il != "bot" || !classified {
				continue
			}
			ic, ok := classes[imp]
			if !ok {
				continue // reported as unclassified on its own
			}
			switch {
			case class == core && ic != core && ic != kit:
				add(p, imp, "got the core importing a %s; want the core to name no feature or game (they import it)", ic)
			case class == feature && ic == feature && unit(imp) != unit(p):
				add(p, imp, "got a feature importing another feature; want features independent of each other")
			case class == kit && (ic == feature || ic == game):
				add(p, imp, "got a kit importing a %s; want kits to name no feature or game (features and games use kits)", ic)
			case class == feature && ic == game:
				add(p, imp, "got a feature importing a game; want features to name no game")
			case class == game && ic == game && unit(imp) != unit(p):
				add(p, imp, "got a game importing another game; want games independent (a shared helper belongs in the core or a feature)")
			case class != testSupport && ic == testSupport:
				add(p, imp, "got a %s importing test support; want test support imported by tests only", class)
			}
		}
	}
	return out
}

// TestImportRules: the checker catches each kind of violation, and only
// those, on made-up graphs.
func TestImportRules(t *testing.T) {
	classes := map[string]string{
		"bot":             core,
		"bot/rating":      feature,
		"bot/tourney":     feature,
		"bot/tourney/sub": feature,
		"bot/picture":     kit,
		"bot/ataxxgame":   game,
		"bot/congogame":   game,
		"bot/kindtest":    testSupport,
	}
	// ok is a graph that keeps every rule; each case adds imports to it.
	ok := map[string][]string{
		"engine/ataxx":     nil,
		"engine/ataxx/pgn": {"engine/ataxx"},
		"ai/search":        nil,
		"ai/ataxxai":       {"ai/search", "engine/ataxx"},
		"bot":              {"engine/ataxx", "bot/picture"},
		"bot/picture":      nil,
		"bot/rating":       {"bot", "bot/picture"},
		"bot/tourney":      {"bot", "bot/tourney/sub"},
		"bot/tourney/sub":  {"bot"},
		"bot/ataxxgame":    {"bot", "bot/rating", "ai/ataxxai", "engine/ataxx/pgn"},
		"bot/congogame":    {"bot", "bot/tourney"},
		"bot/kindtest":     {"bot", "bot/ataxxgame", "bot/rating"},
		"adapters/irc":     {"bot"},
		"adapters/irc/x":   {"adapters/irc"},
		"adapters/web":     {"bot", "engine/ataxx"},
		"store":            {"bot"},
		"store/bolt":       {"bot", "store"},
		"cmd/ataxxbot":     {"adapters/irc", "adapters/web", "store/bolt", "bot/ataxxgame", "bot/tourney", "ai/ataxxai"},
	}
	for _, tc := range []struct {
		name string
		add  map[string][]string
		want [][2]string // the violating imports, in order; {pkg, ""} for a misplaced package
	}{
		{"a graph that keeps the rules", nil, nil},
		{"the core imports a feature", map[string][]string{"bot": {"bot/rating"}}, [][2]string{{"bot", "bot/rating"}}},
		{"the core imports a game", map[string][]string{"bot": {"bot/ataxxgame"}}, [][2]string{{"bot", "bot/ataxxgame"}}},
		{"the core imports test support", map[string][]string{"bot": {"bot/kindtest"}}, [][2]string{{"bot", "bot/kindtest"}}},
		{"a feature imports another feature", map[string][]string{"bot/tourney": {"bot/rating"}}, [][2]string{{"bot/tourney", "bot/rating"}}},
		{"a feature's subpackage imports another feature", map[string][]string{"bot/tourney/sub": {"bot/rating"}}, [][2]string{{"bot/tourney/sub", "bot/rating"}}},
		{"a feature imports a game", map[string][]string{"bot/rating": {"bot/congogame"}}, [][2]string{{"bot/rating", "bot/congogame"}}},
		{"a game imports another game", map[string][]string{"bot/congogame": {"bot/ataxxgame"}}, [][2]string{{"bot/congogame", "bot/ataxxgame"}}},
		{"a kit imports a feature", map[string][]string{"bot/picture": {"bot/rating"}}, [][2]string{{"bot/picture", "bot/rating"}}},
		{"a kit imports a game", map[string][]string{"bot/picture": {"bot/ataxxgame"}}, [][2]string{{"bot/picture", "bot/ataxxgame"}}},
		{"a game imports test support", map[string][]string{"bot/ataxxgame": {"bot/kindtest"}}, [][2]string{{"bot/ataxxgame", "bot/kindtest"}}},
		{"an unclassified package under bot/", map[string][]string{"bot/clock": {"bot"}}, [][2]string{{"bot/clock", ""}}},
		{"an import of an unclassified package is reported once", map[string][]string{"bot/clock": nil, "bot": {"bot/clock"}}, [][2]string{{"bot/clock", ""}}},
		{"a package in no layer", map[string][]string{"tools/gen": {"bot"}}, [][2]string{{"tools/gen", ""}}},
		{"engine imports ai", map[string][]string{"engine/ataxx": {"ai/search"}}, [][2]string{{"engine/ataxx", "ai/search"}}},
		{"engine imports bot", map[string][]string{"engine/ataxx/pgn": {"bot"}}, [][2]string{{"engine/ataxx/pgn", "bot"}}},
		{"ai imports bot", map[string][]string{"ai/search": {"bot/rating"}}, [][2]string{{"ai/search", "bot/rating"}}},
		{"bot imports an adapter", map[string][]string{"bot": {"adapters/irc"}}, [][2]string{{"bot", "adapters/irc"}}},
		{"a game imports a store", map[string][]string{"bot/ataxxgame": {"store"}}, [][2]string{{"bot/ataxxgame", "store"}}},
		{"a feature imports cmd", map[string][]string{"bot/rating": {"cmd/ataxxbot"}}, [][2]string{{"bot/rating", "cmd/ataxxbot"}}},
		{"an adapter imports another adapter", map[string][]string{"adapters/web": {"adapters/irc/x"}}, [][2]string{{"adapters/web", "adapters/irc/x"}}},
		{"an adapter imports a store", map[string][]string{"adapters/web": {"store/bolt"}}, [][2]string{{"adapters/web", "store/bolt"}}},
		{"a store imports an adapter", map[string][]string{"store/bolt": {"adapters/irc"}}, [][2]string{{"store/bolt", "adapters/irc"}}},
		{"a store imports cmd", map[string][]string{"store": {"cmd/ataxxbot"}}, [][2]string{{"store", "cmd/ataxxbot"}}},
		{"an adapter imports cmd", map[string][]string{"adapters/irc": {"cmd/ataxxbot"}}, [][2]string{{"adapters/irc", "cmd/ataxxbot"}}},
		{"several at once, in order", map[string][]string{
			"bot":           {"bot/tourney", "bot/rating"},
			"bot/congogame": {"bot/ataxxgame"},
		}, [][2]string{{"bot", "bot/rating"}, {"bot", "bot/tourney"}, {"bot/congogame", "bot/ataxxgame"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			graph := map[string][]string{}
			for p, imps := range ok {
				graph[p] = imps
			}
			for p, imps := range tc.add {
				graph[p] = append(slices.Clone(graph[p]), imps...)
			}
			var got [][2]string
			vs := violations(graph, classes)
			for _, v := range vs {
				got = append(got, [2]string{v.From, v.To})
				if !strings.Contains(v.String(), v.From) || !strings.Contains(v.String(), v.To) || !strings.Contains(v.Msg, "got ") || !strings.Contains(v.Msg, "want ") {
					t.Errorf("message %q: want it to name %s and %s and say got ...; want ...", v, v.From, v.To)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got violations %v; want %v\n%s", got, tc.want, vs)
			}
		})
	}
}

// TestImportGraph: the module's own import graph keeps the rules, except
// for knownExceptions.
func TestImportGraph(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI: no go command: %v", err)
		}
		t.Skipf("no go command: %v", err)
	}
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Path}} {{.Dir}}").Output()
	if err != nil {
		t.Fatalf("go list -m: %v", err)
	}
	module, root, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	if module == "" || root == "" || !filepath.IsAbs(root) {
		t.Fatalf("go list -m: got %q; want the module path and its folder", out)
	}
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", "./...")
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	out, err = cmd.Output()
	if err != nil {
		t.Fatalf("go list ./...: %v", err)
	}
	ours := func(p string) (string, bool) {
		rel, ok := strings.CutPrefix(p, module+"/")
		return rel, ok
	}
	graph := map[string][]string{}
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		p, ok := ours(fields[0])
		if !ok {
			t.Errorf("go list ./...: got package %s; want one under %s/", fields[0], module)
			continue
		}
		graph[p] = []string{}
		for _, imp := range fields[1:] {
			if rel, ok := ours(imp); ok {
				graph[p] = append(graph[p], rel)
			} else if imp == module {
				t.Errorf("%s imports the module's root package %s; want none there", p, imp)
			}
		}
	}
	for _, must := range []string{"bot", "bot/ataxxgame", "engine/ataxx", "cmd/ataxxbot"} {
		if _, ok := graph[must]; !ok {
			t.Fatalf("go list ./...: got no %s among %d packages; want the whole module", must, len(graph))
		}
	}
	seen := map[[2]string]bool{}
	for _, v := range violations(graph, botClasses) {
		edge := [2]string{v.From, v.To}
		if _, known := knownExceptions[edge]; known {
			seen[edge] = true
			continue
		}
		t.Error(v)
	}
	stale := slices.SortedFunc(maps.Keys(knownExceptions), func(a, b [2]string) int {
		return strings.Compare(a[0]+" "+a[1], b[0]+" "+b[1])
	})
	for _, edge := range stale {
		if !seen[edge] {
			t.Errorf("known exception %s imports %s: got no such import; want it deleted from knownExceptions (it said: %s)", edge[0], edge[1], knownExceptions[edge])
		}
	}
	for p := range botClasses {
		if _, ok := graph[p]; !ok {
			t.Errorf("botClasses lists %s: got no such package; want it deleted from the table", p)
		}
	}
}
