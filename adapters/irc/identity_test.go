package irc

import (
	"strconv"
	"testing"
)

// TestIdentities plays scripted sequences of messages, nick changes and
// quits, and checks the id each speaker gets.
func TestIdentities(t *testing.T) {
	type step struct {
		op       string // "say", "nick" (from nick to to), "quit", "reset"
		s        speaker
		verified bool
		to       string
		want     string // for "say": the id; "=name" for the id saved under name
		save     string // for "say": save the id under this name
		differ   string // for "say": the id must differ from the one saved here
	}
	alice := speaker{nick: "alice", ident: "~alice", host: "Shell.Example"}
	mallory := speaker{nick: "mallory", ident: "~alice", host: "shell.example"}
	tests := []struct {
		name  string
		steps []step
	}{
		{"a services account wins", []step{
			{op: "say", s: speaker{nick: "Alice", ident: "~x", host: "h", account: "AliceAcct"}, want: "account:aliceacct"},
		}},
		{"account * means none", []step{
			{op: "say", s: speaker{nick: "alice", ident: "~x", host: "h", account: "*"}, want: "nick:alice@h"},
		}},
		{"a verified ident", []step{
			{op: "say", s: speaker{nick: "alice", ident: "alice", host: "H"}, verified: true, want: "host:alice@h"},
		}},
		{"an unverified ident is not identity", []step{
			{op: "say", s: alice, want: "nick:alice@shell.example", save: "alice"},
			{op: "say", s: mallory, want: "nick:mallory@shell.example", differ: "alice"},
		}},
		{"a nick change keeps the id", []step{
			{op: "say", s: alice, save: "alice"},
			{op: "nick", s: alice, to: "Alice_"},
			{op: "say", s: speaker{nick: "alice_", ident: "~alice", host: "shell.example"}, want: "=alice"},
		}},
		{"the old nick taken while its holder is on", []step{
			{op: "say", s: alice, save: "alice"},
			{op: "nick", s: alice, to: "alice_"},
			{op: "nick", s: mallory, to: "alice"},
			{op: "say", s: speaker{nick: "alice", ident: "~alice", host: "shell.example"}, want: "guest:alice!~alice@shell.example", differ: "alice"},
			{op: "say", s: speaker{nick: "alice_", ident: "~alice", host: "shell.example"}, want: "=alice"},
		}},
		{"the nick taken unseen from another host", []step{
			{op: "say", s: alice, save: "alice"},
			{op: "say", s: speaker{nick: "alice", ident: "~alice", host: "elsewhere"}, want: "nick:alice@elsewhere", differ: "alice"},
		}},
		{"after a quit the nick on the host is the player again", []step{
			{op: "say", s: alice, save: "alice"},
			{op: "nick", s: alice, to: "alice_"},
			{op: "quit", s: speaker{nick: "alice_"}},
			{op: "say", s: alice, want: "=alice"},
		}},
		{"after a reconnect bindings start over", []step{
			{op: "say", s: alice, save: "alice"},
			{op: "nick", s: alice, to: "alice_"},
			{op: "reset"},
			{op: "say", s: speaker{nick: "alice_", ident: "~alice", host: "shell.example"}, want: "nick:alice_@shell.example"},
			{op: "say", s: alice, want: "=alice"},
		}},
		{"a nick taken over a stale binding", []step{
			{op: "say", s: speaker{nick: "bob", ident: "~bob", host: "h"}},
			{op: "say", s: alice, save: "alice"},
			{op: "nick", s: alice, to: "bob"},
			{op: "say", s: speaker{nick: "bob", ident: "~alice", host: "shell.example"}, want: "=alice"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ids := newIdentities()
			saved := map[string]string{}
			for i, st := range tt.steps {
				switch st.op {
				case "nick":
					ids.renamed(st.s.nick, st.to)
				case "quit":
					ids.quit(st.s.nick)
				case "reset":
					ids.reset()
				case "say":
					got := ids.identify(st.s, st.verified).id
					want := st.want
					if len(want) > 0 && want[0] == '=' {
						want = saved[want[1:]]
					}
					if want != "" && got != want {
						t.Errorf("step %d: %+v: got %q; want %q", i, st.s, got, want)
					}
					if st.differ != "" && got == saved[st.differ] {
						t.Errorf("step %d: %+v: got %q, the id of %s", i, st.s, got, st.differ)
					}
					if st.save != "" {
						saved[st.save] = got
					}
				}
			}
		})
	}
}

// TestIdentitiesBounded: bindings stop at maxBindings.
func TestIdentitiesBounded(t *testing.T) {
	ids := newIdentities()
	for i := range maxBindings + 10 {
		ids.identify(speaker{nick: "n" + string(rune('a'+i%26)) + strconv.Itoa(i), ident: "~x", host: "h"}, false)
	}
	if n := len(ids.byNick); n > maxBindings || len(ids.holder) > maxBindings {
		t.Errorf("got %d bindings, %d holders; want at most %d", n, len(ids.holder), maxBindings)
	}
}
