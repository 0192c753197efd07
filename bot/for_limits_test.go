package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ataxxbot/ataxxbot/bot"
)

// TestGateDropsALineBeforeItRuns: a gate sees only lines for the host,
// with whether the speaker is an admin; a line it drops runs nothing and
// gets the gate's replies instead.
func TestGateDropsALineBeforeItRuns(t *testing.T) {
	h := newHarness(t, nil)
	var seen []string
	h.bot.AddGate(func(_ context.Context, m bot.Message, admin bool) (bool, []bot.Reply) {
		seen = append(seen, m.Text)
		if m.Name == "mallory" && !admin {
			return true, []bot.Reply{{Text: "not you", Error: true, User: bot.User{ID: m.UserID, Name: m.Name}}}
		}
		return false, nil
	})
	if rs := h.in("#g", "mallory", "!weather"); len(rs) != 0 {
		t.Errorf("a line not for the host: got %s; want silence", text(rs))
	}
	want(t, h.in("#g", "mallory", "!start"), "#g", "not you")
	if rs := h.in("#g", "bob", "!status"); strings.Contains(text(rs), "mallory") {
		t.Errorf("#g after mallory's dropped start: got %s; want no seat of hers", text(rs))
	}
	want(t, h.in("#g", "bob", "!start"), "#g", "bob")
	if want := []string{"!start", "!status", "!start"}; strings.Join(seen, "|") != strings.Join(want, "|") {
		t.Errorf("lines the gate saw: got %q; want %q", seen, want)
	}
}

// TestCheckRefusesACommandAndNothingIsSaved: a check sees each command at
// a table with the speaker's stake there before and after it ran; its
// refusal, before or after, is the speaker's reply and the table is as it
// was.
func TestCheckRefusesACommandAndNothingIsSaved(t *testing.T) {
	h := newHarness(t, nil)
	errNo := errors.New("refused by the check")
	var after []bot.Checked
	h.bot.AddCheck(bot.CommandCheck{
		Before: func(_ context.Context, c *bot.Checked) error {
			if c.Verb == "rematch" {
				return errNo
			}
			return nil
		},
		After: func(_ context.Context, c *bot.Checked) error {
			after = append(after, *c)
			if c.Name == "carol" && c.Now > c.Was && c.Changed {
				return errNo
			}
			return nil
		},
	})
	want(t, h.in("#g", "carol", "!start"), "private:id-carol", "refused by the check") // guess is hidden: refusals are private
	if rs := h.in("#g", "bob", "!status"); strings.Contains(text(rs), "carol") {
		t.Errorf("#g after carol's refused start: got %s; want no seat of hers", text(rs))
	}
	want(t, h.in("#g", "bob", "!start"), "#g", "bob")
	want(t, h.in("#g", "bob", "!rematch"), "private:id-bob", "refused by the check")
	var got []string
	for _, c := range after {
		got = append(got, c.Name+" "+c.Verb+" "+c.Table.Channel+" "+stakeName(c.Was)+"→"+stakeName(c.Now))
	}
	if want := "carol start #g none→waiting|bob status #g none→none|bob start #g none→waiting"; strings.Join(got, "|") != want {
		t.Errorf("commands the check saw after they ran: got %q; want %q", strings.Join(got, "|"), want)
	}
}

func stakeName(s bot.Stake) string {
	return [...]string{bot.StakeNone: "none", bot.StakeWaiting: "waiting", bot.StakePlaying: "playing"}[s]
}
