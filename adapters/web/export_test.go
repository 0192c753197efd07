package web_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/ataxxbot/ataxxbot/adapters/web"
	"github.com/ataxxbot/ataxxbot/ai/ataxxai"
	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/ataxxgame"
	"github.com/ataxxbot/ataxxbot/bot/guessgame"
	"github.com/ataxxbot/ataxxbot/bot/hosttest"
	"github.com/ataxxbot/ataxxbot/store/memory"
)

// exportingGuess is Guess with an export format: the board as the asker
// may see it, under a file name no header may carry as it is.
type exportingGuess struct{ *guessgame.Kind }

func (exportingGuess) Export(st bot.State, meta bot.ExportMeta) (string, []byte, error) {
	return "../../guess game\r\n.txt", []byte(st.Board(meta.Seat).Text), nil
}

// download GETs a game's export: status, the file name header and body.
func download(t *testing.T, url string) (int, string, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Content-Disposition"), string(body)
}

// TestExportOfAHiddenGame: a hidden kind's running game is not exported
// (403, nothing secret said) and its page offers no download; once over,
// the archive's export is a download with a safe file name.
func TestExportOfAHiddenGame(t *testing.T) {
	st := memory.New()
	b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, st, nil, []bot.Kind{exportingGuess{guessgame.New(guessgame.Options{})}}, nil))
	defer b.Close()
	s := &site{b: b, base: serve(t, web.Config{Store: st, Games: gamesOf(b)})}
	id := s.playHidden(t)
	status, _, body := download(t, s.base+"/games/"+id+"/export")
	if status != http.StatusForbidden || secrets.MatchString(body) {
		t.Errorf("export of the running hidden game: got %d %q; want 403 without the numbers", status, body)
	}
	if _, page := get(t, s.base, "/games/"+id); strings.Contains(page, "/export") {
		t.Errorf("the running hidden game's page offers a download:\n%s", page)
	}
	s.say("alice", evilAlice, "#web", "!guess 1")
	s.say("bob", evilBob, "#web", "!guess 2")
	s.say("alice", evilAlice, "#web", "!resign")
	status, disp, body := download(t, s.base+"/games/"+id+"/export")
	if status != http.StatusOK || disp != `attachment; filename="guessgame.txt"` || !strings.Contains(body, "Guess, 1 to 99") {
		t.Errorf("export of the finished game: got %d %q %q; want 200, a safe attachment name, the board", status, disp, body)
	}
	if _, page := get(t, s.base, "/games/"+id); !strings.Contains(page, `href="/games/`+id+`/export"`) {
		t.Errorf("the finished game's page offers no download:\n%s", page)
	}
	if status, _, _ := download(t, s.base+"/games/zzzz/export"); status != http.StatusNotFound {
		t.Errorf("export of no game: got %d; want 404", status)
	}
}

// TestExportOfARunningGame: a game without secrets is exported as it
// stands while it runs; a kind without a format is a plain 404.
func TestExportOfARunningGame(t *testing.T) {
	st := memory.New()
	kinds := []bot.Kind{ataxxgame.New(ataxxai.NewPool(1, 8, 100*time.Millisecond), ataxxgame.Options{}), guessgame.New(guessgame.Options{})}
	b := hosttest.Must(hosttest.New(bot.Config{Archive: true}, st, nil, kinds, nil))
	defer b.Close()
	s := &site{b: b, base: serve(t, web.Config{Store: st, Games: gamesOf(b)})}
	s.say("alice", "alice", "#a", "!ataxx start")
	s.say("bob", "bob", "#a", "!join")
	s.say("alice", "alice", "#a", "!a7-b6")
	games, err := b.RunningGames(context.Background(), 10)
	if err != nil || len(games) != 1 {
		t.Fatalf("running: got %d (%v); want 1", len(games), err)
	}
	status, disp, body := download(t, s.base+"/games/"+games[0].ID+"/export")
	if status != http.StatusOK || !strings.HasPrefix(disp, "attachment; filename=") || !strings.Contains(body, "alice") {
		t.Errorf("export of the running Ataxx game: got %d %q %q; want 200, an attachment naming its players", status, disp, body)
	}
	s.say("carol", "carol", "#g", "!guess start")
	s.say("dave", "dave", "#g", "!join")
	for _, g := range mustRunning(t, b) {
		if g.Kind == "guess" {
			if status, _, _ := download(t, s.base+"/games/"+g.ID+"/export"); status != http.StatusNotFound {
				t.Errorf("export of a kind without a format: got %d; want 404", status)
			}
		}
	}
}

func mustRunning(t *testing.T, b *hosttest.Host) []bot.GameView {
	t.Helper()
	games, err := b.RunningGames(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	return games
}
