package irc

import (
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
)

func TestLines(t *testing.T) {
	tests := []struct {
		name string
		in   bot.Reply
		want []string
	}{
		{"plain", bot.Reply{Text: "Red (alice) plays a7-b6."}, []string{"Red (alice) plays a7-b6."}},
		{"newlines joined", bot.Reply{Text: "one\r\ntwo\nthree"}, []string{"one two three"}},
		{"injection", bot.Reply{Text: "x\r\nPRIVMSG #chan :owned\r\nQUIT"}, []string{"x PRIVMSG #chan :owned QUIT"}},
		{"controls and colours", bot.Reply{Text: "a\x00b\x01c\x03d\x02e\x7f\u2028f"}, []string{"abcde f"}},
		{"board keeps lines and indent", bot.Reply{Text: "===\n  r - b\n===", Mono: true}, []string{"===", "  r - b", "==="}},
		{"board drops empty lines", bot.Reply{Text: "a\n\n \nb\r", Mono: true}, []string{"a", "b"}},
		{"nothing", bot.Reply{Text: " \r\n "}, nil},
		{"invalid utf-8", bot.Reply{Text: "ok\xff\xfe"}, []string{"ok"}},
	}
	for _, tt := range tests {
		got := Lines(tt.in)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") || len(got) != len(tt.want) {
			t.Errorf("%s: Lines = %q; want %q", tt.name, got, tt.want)
		}
	}
}

func FuzzLines(f *testing.F) {
	f.Add("x\r\nQUIT", false)
	f.Add("===\n  r - b\n===", true)
	f.Add("\x00\x01\u2028", false)
	f.Fuzz(func(t *testing.T, text string, mono bool) {
		for _, l := range Lines(bot.Reply{Text: text, Mono: mono}) {
			if l == "" || strings.ContainsAny(l, "\r\n\x00") {
				t.Fatalf("Lines(%q) gave %q", text, l)
			}
			for _, r := range l {
				if r < 0x20 || r == 0x7f {
					t.Fatalf("Lines(%q) kept control %U in %q", text, r, l)
				}
			}
		}
	})
}

func TestAddressed(t *testing.T) {
	tests := []struct {
		text, want string
		ok         bool
	}{
		{"ataxxbot: start ai", "start ai", true},
		{"AtaxxBot, dump", "dump", true},
		{"ataxxbot:dump", "dump", true},
		{"ataxxbotx: dump", "ataxxbotx: dump", false},
		{"ataxxbot", "ataxxbot", false},
		{"hello ataxxbot: hi", "hello ataxxbot: hi", false},
	}
	for _, tt := range tests {
		if got, ok := addressed(tt.text, "ataxxbot"); got != tt.want || ok != tt.ok {
			t.Errorf("addressed(%q) = %q, %v; want %q, %v", tt.text, got, ok, tt.want, tt.ok)
		}
	}
}

func TestOutboxCoalesces(t *testing.T) {
	var sent []string
	o := newOutbox(6, func(target, line string) { sent = append(sent, target+" "+line) })
	board := func(n string) []string { return []string{n + "1", n + "2", n + "3"} }
	o.add("#a", []string{"move 1"}, false)
	o.add("#a", board("A"), true)
	o.add("#a", board("B"), true)
	o.add("#a", board("C"), true) // 10 lines: board A goes, then B
	o.add("#b", board("X"), true) // another target is untouched
	for {
		target, line, ok := o.next()
		if !ok {
			break
		}
		sent = append(sent, target+" "+line)
	}
	// Targets take turns, a line each (see TestOutboxFair); #a's own
	// order is the notice, the text, then the newest board.
	want := []string{"#a (2 older replies skipped to stay within the server's flood limits)", "#b X1", "#a move 1", "#b X2", "#a C1", "#b X3", "#a C2", "#a C3"}
	if strings.Join(sent, "|") != strings.Join(want, "|") {
		t.Errorf("sent:\n%s\nwant:\n%s", strings.Join(sent, "\n"), strings.Join(want, "\n"))
	}
}

func TestOutboxDropsTextOnlyPastTwiceTheLimit(t *testing.T) {
	o := newOutbox(2, func(string, string) {})
	for i := range 5 {
		o.add("#a", []string{string(rune('a' + i))}, false)
	}
	var got []string
	for {
		_, line, ok := o.next()
		if !ok {
			break
		}
		got = append(got, line)
	}
	if want := "(1 older replies skipped to stay within the server's flood limits)|b|c|d|e"; strings.Join(got, "|") != want {
		t.Errorf("got %q; want %q", strings.Join(got, "|"), want)
	}
}

func FuzzAddressed(f *testing.F) {
	for _, s := range []string{"ataxxbot: start ai", "AtaxxBot, dump", "ataxxbot", "ataxxbotx: dump", "", "ataxxbot:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		rest, ok := addressed(text, "ataxxbot")
		if !ok {
			if rest != text {
				t.Fatalf("addressed(%q) changed the text to %q without addressing", text, rest)
			}
			return
		}
		if len(rest) >= len(text) || !strings.EqualFold(text[:len("ataxxbot")], "ataxxbot") {
			t.Fatalf("addressed(%q) = %q: not a strip of the nick", text, rest)
		}
	})
}

// TestDeliverNeverInjects: a reply's target that could end the line or
// name a list is never written; a clean one is.
func TestDeliverNeverInjects(t *testing.T) {
	a, err := New(Config{Server: "irc.example", Nick: "ataxxbot"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, channel string
		sent          bool
	}{
		{"plain", "#a", true},
		{"CR LF", "#a\r\nQUIT :x", false},
		{"space", "#a :x", false},
		{"list", "#a,#b", false},
		{"NUL", "#a\x00", false},
	}
	for _, tt := range tests {
		a.deliver("", "", "", []bot.Reply{{Text: "hi", To: bot.Table{Network: Network, Channel: tt.channel}}})
		target, _, ok := a.out.next()
		if ok != tt.sent || (ok && target != tt.channel) {
			t.Errorf("%s: to %q: sent %v to %q; want sent %v", tt.name, tt.channel, ok, target, tt.sent)
		}
	}
	// A private reply for someone the bot cannot see on the network is
	// not queued, whatever name the record keeps.
	a.deliver("", "", "", []bot.Reply{{Text: "army", Private: true, User: bot.User{ID: "nick:bob@h", Name: "bob"}}})
	if target, line, ok := a.out.next(); ok {
		t.Errorf("a private reply for an absent user went to %q: %q", target, line)
	}
}
