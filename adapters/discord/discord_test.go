package discord_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/discord"
	"github.com/ataxxbot/ataxxbot/adapters/discord/discordtest"
	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/bot/strategogame"
	"github.com/ataxxbot/ataxxbot/engine/ataxx"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

const (
	botUserID = "999"
	appID     = "app1"
	guildID   = "g1"
)

var interactionSeq atomic.Int64

type harness struct {
	*discordtest.Server
	t   *testing.T
	bot *hosttest.Host
	who sync.Map // interaction id and token -> the user id who made it
}

// start runs the bot behind the adapter with its default settings
// (boards as pictures) against a stand-in for Discord.
func start(t *testing.T, kinds ...bot.Kind) *harness {
	return startWith(t, bot.Config{}, kinds...)
}

// startWith is start with the bot's configuration.
func startWith(t *testing.T, cfg bot.Config, kinds ...bot.Kind) *harness {
	return startBoards(t, cfg, "", kinds...)
}

// startBoards is startWith with the adapter's boards setting.
func startBoards(t *testing.T, cfg bot.Config, boards string, kinds ...bot.Kind) *harness {
	f := discordtest.New(t, botUserID, appID)
	if len(kinds) == 0 {
		kinds = []bot.Kind{ataxxgame.New(ataxxai.NewPool(1, 8, 200*time.Millisecond), ataxxgame.Options{})}
	}
	b := hosttest.Must(hosttest.New(cfg, memory.New(), nil, kinds, nil))
	a, err := discord.New(discord.Config{Token: "secret-token", AppID: appID, GuildIDs: []string{guildID}, PrefixCommands: true, HTTPClient: f.Client(),
		Catalog: discord.Catalog{Host: b.HostCommands(), Kinds: b.Kinds()}, Boards: boards}, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.Async(a)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done; b.Close() })
	select {
	case id := <-f.Ident:
		if id["token"] != "Bot secret-token" {
			t.Errorf("IDENTIFY token: got %v", id["token"])
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no IDENTIFY")
	}
	return &harness{Server: f, t: t, bot: b}
}

// startHandler runs the adapter with cfg (its HTTP client the stand-in's)
// in front of handler instead of a bot, and stops it when the test ends.
func startHandler(t *testing.T, cfg discord.Config, handler discord.Handler) *harness {
	f := discordtest.New(t, botUserID, appID)
	cfg.HTTPClient = f.Client()
	a, err := discord.New(cfg, handler, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	<-f.Ident
	return &harness{Server: f, t: t}
}

func user(id, name string) map[string]any { return map[string]any{"id": id, "username": name} }

// slash sends /ataxx SUB with options (name, value pairs) as user, and
// returns the response to it.
func (h *harness) slash(channel, uid, name, sub string, opts ...any) discordtest.Call {
	h.t.Helper()
	var options []any
	resolved := map[string]any{}
	for i := 0; i+1 < len(opts); i += 2 {
		typ := 3
		switch v := opts[i+1].(type) {
		case int:
			typ = 4
		case bool:
			typ = 5
		case map[string]any: // a user
			typ = 6
			resolved[v["id"].(string)] = v
			opts[i+1] = v["id"]
		}
		options = append(options, map[string]any{"name": opts[i], "type": typ, "value": opts[i+1]})
	}
	command := "ataxx"
	if c, rest, ok := strings.Cut(sub, "/"); ok { // "game/status": another command
		command, sub = c, rest
	}
	data := map[string]any{"id": "cmd1", "name": command, "type": 1,
		"options": []any{map[string]any{"name": sub, "type": 1, "options": options}}}
	if len(resolved) > 0 {
		data["resolved"] = map[string]any{"users": resolved}
	}
	return h.interact(channel, uid, name, 2, data)
}

// press presses the button whose command is cmd.
func (h *harness) press(channel, uid, name, cmd string) discordtest.Call {
	h.t.Helper()
	return h.interact(channel, uid, name, 3, map[string]any{"custom_id": "cmd:" + cmd, "component_type": 2})
}

func (h *harness) interact(channel, uid, name string, typ int, data map[string]any) discordtest.Call {
	h.t.Helper()
	n := interactionSeq.Add(1)
	id, token := fmt.Sprintf("i%d", n), fmt.Sprintf("tok%d", n)
	h.who.Store(id, uid)
	h.who.Store(token, uid)
	from := h.Count()
	h.Dispatch("INTERACTION_CREATE", map[string]any{
		"id": id, "application_id": appID, "type": typ, "token": token, "version": 1,
		"guild_id": guildID, "channel_id": channel, "member": map[string]any{"user": user(uid, name)}, "data": data,
	})
	c, _ := h.WaitCall(from, func(c discordtest.Call) bool { return c.Path == "/api/v9/interactions/"+id+"/"+token+"/callback" })
	return c
}

func content(c discordtest.Call) string {
	if d, ok := c.Body["data"].(map[string]any); ok {
		s, _ := d["content"].(string)
		return s
	}
	s, _ := c.Body["content"].(string)
	return s
}

func field(c discordtest.Call, name string) any {
	if d, ok := c.Body["data"].(map[string]any); ok {
		return d[name]
	}
	return c.Body[name]
}

func ephemeral(c discordtest.Call) bool {
	f, _ := field(c, "flags").(float64)
	return int(f)&64 != 0
}

// buttonCommands lists the commands of a message's buttons.
func buttonCommands(c discordtest.Call) []string {
	var out []string
	rows, _ := field(c, "components").([]any)
	for _, row := range rows {
		comps, _ := row.(map[string]any)["components"].([]any)
		for _, b := range comps {
			id, _ := b.(map[string]any)["custom_id"].(string)
			out = append(out, strings.TrimPrefix(id, "cmd:"))
		}
	}
	return out
}

// checkAllowedMentions: no message may ping anyone but the users named.
func checkAllowedMentions(t *testing.T, c discordtest.Call, users ...string) {
	t.Helper()
	am, ok := field(c, "allowed_mentions").(map[string]any)
	if !ok {
		t.Fatalf("%s %s: no allowed_mentions in %v", c.Method, c.Path, c.Body)
	}
	if parse, _ := am["parse"].([]any); len(parse) != 0 {
		t.Errorf("%s: allowed_mentions.parse = %v; want []", c.Path, parse)
	}
	got, _ := am["users"].([]any)
	if fmt.Sprint(got) != fmt.Sprint(toAny(users)) {
		t.Errorf("%s: allowed_mentions.users = %v; want %v", c.Path, got, users)
	}
	if n := len(content(c)); n > 2000 {
		t.Errorf("%s: content of %d characters; want at most 2000", c.Path, n)
	}
}

func toAny(ss []string) []any {
	var out []any
	for _, s := range ss {
		out = append(out, s)
	}
	return out
}

func TestDiscord(t *testing.T) {
	h := start(t)
	bob := user("222", "bob")

	t.Run("registers /game and /ataxx in the guild, from the catalog", func(t *testing.T) {
		c, _ := h.WaitCall(0, func(c discordtest.Call) bool {
			return c.Method == "PUT" && c.Path == "/api/v9/applications/"+appID+"/guilds/"+guildID+"/commands"
		})
		if len(c.List) != 2 {
			t.Fatalf("registered %d commands; want 2", len(c.List))
		}
		subs := map[string]bool{}
		for _, x := range c.List {
			cmd := x.(map[string]any)
			opts, _ := cmd["options"].([]any)
			if len(opts) > 25 {
				t.Errorf("/%s has %d subcommands; Discord allows 25", cmd["name"], len(opts))
			}
			for _, o := range opts {
				subs[cmd["name"].(string)+"/"+o.(map[string]any)["name"].(string)] = true
			}
		}
		for _, want := range []string{"ataxx/start", "ataxx/move", "ataxx/pass", "ataxx/blocks", "ataxx/block", "ataxx/dump", "ataxx/fen", "ataxx/setfen", "ataxx/help",
			"game/start", "game/join", "game/board", "game/undo", "game/resign", "game/status", "game/new", "game/auto", "game/help", "game/games"} {
			if !subs[want] {
				t.Errorf("no %s subcommand", want)
			}
		}
	})

	t.Run("a full game through slash commands and buttons", func(t *testing.T) {
		r := h.slash("c1", "111", "alice", "start", "opponent", bob)
		if !strings.HasPrefix(content(r), "<@222> bob, alice challenges you to Ataxx as Blue") || ephemeral(r) {
			t.Fatalf("challenge: got %q (ephemeral %v)", content(r), ephemeral(r))
		}
		checkAllowedMentions(t, r, "222")
		if got := buttonCommands(r); fmt.Sprint(got) != "[join]" {
			t.Errorf("challenge buttons: got %v; want [join]", got)
		}

		r = h.press("c1", "222", "bob", "join")
		if !strings.Contains(content(r), "Game on: Red (alice) vs Blue (bob). Red (alice) to move.") {
			t.Fatalf("join: got %q", content(r))
		}
		checkAllowedMentions(t, r)
		if got := buttonCommands(r); fmt.Sprint(got) != "[undo resign board]" {
			t.Errorf("buttons in play: got %v", got)
		}

		// Out of turn, by button: refused, privately.
		r = h.press("c1", "222", "bob", "pass")
		if !ephemeral(r) || !strings.Contains(content(r), "not your turn") {
			t.Errorf("bob's out-of-turn pass: got %q (ephemeral %v); want a private refusal", content(r), ephemeral(r))
		}
		r = h.slash("c1", "333", "carol", "move", "move", "a7-b6")
		if !ephemeral(r) || !strings.Contains(content(r), "not a player") {
			t.Errorf("spectator move: got %q (ephemeral %v)", content(r), ephemeral(r))
		}

		r = h.slash("c1", "111", "alice", "dump")
		if want := "```\n===\n  r - - - - - b\n"; !strings.HasPrefix(content(r), want) || !strings.HasSuffix(content(r), "===\n```") {
			t.Errorf("dump: got %q; want a code block of the dump", content(r))
		}

		// To the end, from a position with four empty squares. Leaving a
		// game against a person resigns it; the second new opens a fresh
		// one.
		if r = h.slash("c1", "111", "alice", "game/new"); !strings.Contains(content(r), "Red resigns. Blue wins.") {
			t.Fatalf("new in a running game: got %q; want alice's resignation", content(r))
		}
		h.slash("c1", "111", "alice", "game/new")
		h.slash("c1", "111", "alice", "setfen", "fen", "xxxxooo/xxxxooo/xxxxooo/ooo1xxx/ooooxxx/ooooxxx/oo3xx x 0 20")
		if r = h.slash("c1", "111", "alice", "start"); !strings.Contains(content(r), "Game on") {
			t.Fatalf("rematch start: got %q", content(r))
		}
		players := map[ataxx.Color][2]string{ataxx.Red: {"111", "alice"}, ataxx.Blue: {"222", "bob"}}
		for turn := 0; ; turn++ {
			if turn > 20 {
				t.Fatal("the game did not end")
			}
			pos, err := ataxx.ParseFEN(content(h.slash("c1", "333", "carol", "fen")))
			if err != nil {
				t.Fatal(err)
			}
			m := pos.LegalMoves()[0]
			p := players[pos.Turn()]
			var r discordtest.Call
			if m == ataxx.Pass {
				r = h.press("c1", p[0], p[1], "pass")
			} else {
				r = h.slash("c1", p[0], p[1], "move", "move", pos.ManualNotation(m))
			}
			if ephemeral(r) {
				t.Fatalf("move %v: refused: %q", m, content(r))
			}
			checkAllowedMentions(t, r)
			if strings.Contains(content(r), "wins.") || strings.Contains(content(r), "Draw.") {
				t.Logf("after %d moves: %q", turn+1, content(r))
				if got := buttonCommands(r); fmt.Sprint(got) != "[board new]" {
					t.Errorf("buttons after the game: got %v", got)
				}
				break
			}
		}
	})

	t.Run("prefix commands and the AI's moves are channel messages", func(t *testing.T) {
		from := h.Count()
		h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m1", "channel_id": "c2", "guild_id": guildID,
			"author": user("444", "@everyone"), "content": "!ataxx start ai", "mentions": []any{}})
		c, next := h.WaitCall(from, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/c2/messages" })
		if !strings.Contains(content(c), "Red (@everyone) vs Blue (AI level 3)") {
			t.Fatalf("prefix start: got %q", content(c))
		}
		checkAllowedMentions(t, c) // the name says @everyone; nobody is pinged
		h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m2", "channel_id": "c2", "guild_id": guildID,
			"author": user("444", "@everyone"), "content": "<@" + botUserID + "> a7-b6", "mentions": []any{user(botUserID, "ataxxbot")}})
		c, _ = h.WaitCall(next, func(c discordtest.Call) bool {
			return c.Path == "/api/v9/channels/c2/messages" && strings.Contains(content(c), "Blue (AI level 3) plays")
		})
		checkAllowedMentions(t, c)
		if got := buttonCommands(c); fmt.Sprint(got) != "[undo resign board]" {
			t.Errorf("buttons under the AI's move: got %v", got)
		}
	})
}

// slowHandler answers after a pause, like a bot waiting on its store.
type slowHandler struct{ pause time.Duration }

func (h slowHandler) Handle(ctx context.Context, m bot.Message) []bot.Reply {
	time.Sleep(h.pause)
	return []bot.Reply{{Text: "late answer to " + m.Text}}
}

// TestSlowCommandIsDeferred: an answer that would miss Discord's 3 s
// window is deferred at once and sent as a follow-up.
func TestSlowCommandIsDeferred(t *testing.T) {
	h := startHandler(t, discord.Config{Token: "t", AppID: appID}, slowHandler{pause: 2500 * time.Millisecond})
	start := time.Now()
	r := h.slash("c9", "111", "alice", "game/status")
	if typ, _ := r.Body["type"].(float64); typ != 5 || time.Since(start) > 2900*time.Millisecond {
		t.Fatalf("first answer: type %v after %v; want a deferral (5) within 3 s", r.Body["type"], time.Since(start))
	}
	c, _ := h.WaitCall(0, func(c discordtest.Call) bool { return strings.HasPrefix(c.Path, "/api/v9/webhooks/"+appID+"/") })
	if content(c) != "late answer to status" {
		t.Fatalf("follow-up: got %q", content(c))
	}
	checkAllowedMentions(t, c)
}

func TestLongRepliesAreSplit(t *testing.T) {
	h := start(t)
	r := h.slash("c3", "111", "alice", "help")
	checkAllowedMentions(t, r)
	if !strings.HasPrefix(content(r), "```\nAtaxx commands") {
		t.Fatalf("help: got %q", content(r))
	}
	long := strings.Repeat("Ataxx! ", 700) // 4,900 characters
	for _, c := range discord.Render(bot.Reply{Text: long}) {
		if len(c) > 2000 {
			t.Fatalf("a piece of %d characters", len(c))
		}
	}
	if got := strings.Join(discord.Render(bot.Reply{Text: long}), ""); strings.ReplaceAll(got, " ", "") != strings.ReplaceAll(long, " ", "") {
		t.Fatalf("splitting lost text")
	}
	for _, c := range discord.Render(bot.Reply{Text: strings.Repeat("l\n", 1500), Mono: true}) {
		if len(c) > 2000 || !strings.HasPrefix(c, "```\n") || !strings.HasSuffix(c, "\n```") {
			t.Fatalf("a board piece of %d characters: %.40q", len(c), c)
		}
	}
}

// TestHiddenKindNoLeak: a game whose armies are hidden (the host's toy
// kind) played through slash commands: what each player hides reaches
// them alone (ephemeral answers and DMs), never the channel or the other
// player, until the game is over. Boards are text here, so the secrets
// can be read in every message (TestStrategoPicturesNoLeak checks the
// pictures).
func TestHiddenKindNoLeak(t *testing.T) {
	h := startBoards(t, bot.Config{}, discord.BoardsText, guessgame.New(guessgame.Options{}))
	bob := user("222", "bob")
	if r := h.slash("h1", "111", "alice", "guess/start", "opponent", bob); !strings.Contains(content(r), "challenges you to Guess") {
		t.Fatalf("challenge: got %q", content(r))
	}
	h.press("h1", "222", "bob", "join")
	// A secret given as a slash command in the channel is refused; in a
	// DM it is taken.
	if r := h.slash("h1", "111", "alice", "guess/hide", "n", 7); !ephemeral(r) || !strings.Contains(content(r), "privately") {
		t.Fatalf("alice hides in the channel: got %q (ephemeral %v); want a refusal to her alone", content(r), ephemeral(r))
	}
	for _, s := range []struct{ uid, name string }{{"111", "alice"}, {"222", "bob"}} {
		n := map[string]int{"alice": 7, "bob": 3}[s.name]
		from := h.Count()
		h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m-hide-" + s.uid, "channel_id": "dm-" + s.uid,
			"author": user(s.uid, s.name), "content": fmt.Sprintf("hide %d", n)})
		c, _ := h.WaitCall(from, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/dm-"+s.uid+"/messages" })
		if !strings.Contains(content(c), fmt.Sprintf("Your number is %d.", n)) {
			t.Fatalf("%s hides: got %q; want it to them alone", s.name, content(c))
		}
	}
	h.press("h1", "111", "alice", "ready")
	r := h.press("h1", "222", "bob", "ready")
	if !strings.Contains(content(r), "West is ready.") || ephemeral(r) {
		t.Fatalf("ready: got %q", content(r))
	}
	// Each player's own board came as a DM.
	h.WaitCall(0, func(c discordtest.Call) bool {
		return c.Path == "/api/v9/channels/dm-111/messages" && strings.Contains(content(c), "East  7")
	})
	h.WaitCall(0, func(c discordtest.Call) bool {
		return c.Path == "/api/v9/channels/dm-222/messages" && strings.Contains(content(c), "West  3")
	})
	if r := h.slash("h1", "111", "alice", "guess/guess", "n", 5); !strings.Contains(content(r), "Lower.") || ephemeral(r) {
		t.Fatalf("guess: got %q", content(r))
	}
	h.slash("h1", "333", "carol", "game/board")
	h.slash("h1", "222", "bob", "game/board")
	secrets := map[string][]string{"111": {"East  7", "number is 7"}, "222": {"West  3", "number is 3"}}
	calls := h.Calls()
	for _, c := range calls {
		body := content(c)
		for owner, ss := range secrets {
			for _, s := range ss {
				if !strings.Contains(body, s) {
					continue
				}
				switch {
				case c.Path == "/api/v9/channels/dm-"+owner+"/messages":
				case ephemeral(c) && h.madeBy(c) == owner:
					// an ephemeral answer is seen by its asker alone
				default:
					t.Errorf("%s %s carries %q, a secret of %s: %q", c.Method, c.Path, s, owner, body)
				}
			}
		}
	}
}

// madeBy is the user whose interaction a callback or follow-up answers.
func (h *harness) madeBy(c discordtest.Call) string {
	parts := strings.Split(c.Path, "/")
	for _, p := range parts {
		if uid, ok := h.who.Load(p); ok {
			return uid.(string)
		}
	}
	return ""
}

// TestStrategoNoLeak: Stratego through slash commands and DMs: the armies
// are sent in DMs, the game is played in the channel, and no hidden piece
// reaches the channel or the other player. Boards are text here (boards:
// text, the old behaviour); TestStrategoPicturesNoLeak is the same with
// pictures.
func TestStrategoNoLeak(t *testing.T) {
	k, err := strategogame.New(strategogame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := startBoards(t, bot.Config{}, discord.BoardsText, k)
	bob := user("222", "bob")
	if r := h.slash("w1", "111", "alice", "stratego/start", "opponent", bob); !strings.Contains(content(r), "challenges you to Stratego") {
		t.Fatalf("challenge: got %q", content(r))
	}
	h.press("w1", "222", "bob", "join")
	dm := func(uid, name, text string) {
		from := h.Count()
		h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m" + uid + text, "channel_id": "dm-" + uid,
			"author": user(uid, name), "content": text})
		h.WaitCall(from, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/dm-"+uid+"/messages" })
	}
	dm("111", "alice", "setup fortress")
	dm("222", "bob", "setup progcomp")
	dm("111", "alice", "ready")
	if r := h.slash("w1", "222", "bob", "stratego/ready"); !strings.Contains(content(r), "Blue is ready.") {
		t.Fatalf("ready: got %q", content(r))
	}
	h.slash("w1", "333", "carol", "game/board")
	h.slash("w1", "222", "bob", "game/board")
	own := regexp.MustCompile(`\b([rb])([1-9sBF])\b`)
	shown := map[string]int{} // owner -> pieces shown to them privately
	for _, c := range h.Calls() {
		body := content(c)
		for _, m := range own.FindAllStringSubmatch(body, -1) {
			owner := map[string]string{"r": "111", "b": "222"}[m[1]]
			switch {
			case c.Path == "/api/v9/channels/dm-"+owner+"/messages":
				shown[owner]++
			case ephemeral(c) && h.madeBy(c) == owner:
				shown[owner]++
			default:
				t.Errorf("%s %s shows %s, a hidden piece: %q", c.Method, c.Path, m[0], body)
			}
		}
	}
	if shown["111"] == 0 || shown["222"] == 0 {
		t.Errorf("the players never saw their own armies: %v", shown)
	}
}

// TestStrategoSetupRefusedInTheChannel: an army given as a slash command in
// a channel is refused, to its giver alone, in one line that does not
// repeat it; nothing else is sent, and the same army in a DM is taken.
func TestStrategoSetupRefusedInTheChannel(t *testing.T) {
	k, err := strategogame.New(strategogame.Options{})
	if err != nil {
		t.Fatal(err)
	}
	h := start(t, k)
	h.slash("w2", "111", "alice", "stratego/start", "opponent", user("222", "bob"))
	h.press("w2", "222", "bob", "join")
	from := h.Count()
	r := h.slash("w2", "111", "alice", "stratego/setup", "army", "fortress")
	if !ephemeral(r) || !strings.Contains(content(r), "privately") || strings.Contains(content(r), "fortress") {
		t.Fatalf("setup in the channel: got ephemeral %v %q; want an ephemeral refusal without the army", ephemeral(r), content(r))
	}
	for _, c := range h.Calls()[from:] {
		if c.Path != r.Path && (h.madeBy(c) == "111" || c.Path == "/api/v9/channels/w2/messages") {
			t.Errorf("setup in the channel also sent %s %s: %q", c.Method, c.Path, content(c))
		}
	}
	from = h.Count()
	h.Dispatch("MESSAGE_CREATE", map[string]any{"id": "m-setup", "channel_id": "dm-111", "author": user("111", "alice"), "content": "setup fortress"})
	c, _ := h.WaitCall(from, func(c discordtest.Call) bool { return c.Path == "/api/v9/channels/dm-111/messages" })
	if !strings.Contains(content(c), "Your army") {
		t.Errorf("setup in a DM: got %q; want the army taken", content(c))
	}
}

// TestLinkCodeStaysPrivate: /game link in a guild channel answers with the
// code ephemerally, the channel hears nothing of it, and /game link
// code:... said by another user links them, ephemerally too.
func TestLinkCodeStaysPrivate(t *testing.T) {
	h := startWith(t, bot.Config{Archive: true})
	from := h.Count()
	r := h.slash("w3", "111", "alice", "game/link")
	code := regexp.MustCompile(`[0-9A-Z]{5}-[0-9A-Z]{5}`).FindString(content(r))
	if !ephemeral(r) || code == "" {
		t.Fatalf("/game link: got ephemeral %v %q; want an ephemeral answer with a code", ephemeral(r), content(r))
	}
	for _, c := range h.Calls()[from:] {
		if c.Path != r.Path && strings.Contains(fmt.Sprint(c.Body), code) {
			t.Errorf("the code also went to %s %s: %v", c.Method, c.Path, c.Body)
		}
	}
	r = h.slash("w3", "222", "bob", "game/link", "code", strings.ToLower(code))
	if !ephemeral(r) || !strings.Contains(content(r), "Linked") {
		t.Fatalf("/game link code: got ephemeral %v %q; want an ephemeral \"Linked\"", ephemeral(r), content(r))
	}
	r = h.slash("w3", "333", "carol", "game/link", "code", code)
	if !ephemeral(r) || strings.Contains(content(r), "Linked") {
		t.Fatalf("the code said again: got ephemeral %v %q; want an ephemeral refusal", ephemeral(r), content(r))
	}
}
