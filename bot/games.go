package bot

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Exporter is implemented by a kind whose finished games leave the bot in
// the file format of the programs its players use (PGN, a replay log).
type Exporter interface {
	// Export writes st, decoded from an archived game's Record, as a
	// file: its name and contents.
	Export(st State, meta ExportMeta) (filename string, data []byte, err error)
}

// RuleSetter is implemented by a State that can name its rule set (the
// archive keeps it): "manual", "progcomp".
type RuleSetter interface {
	RuleSet() string
}

// ExportMeta is what the archive knows of a game and its state does not.
type ExportMeta struct {
	Players []string  // the seats' players' names, in seat order
	Date    time.Time // when play began
	Result  Result    // the host's result (a resignation the state may not know)
	// Seat is the asker's seat, or Spectator: a hidden kind's running
	// game is exported only to its own players (the host exports only
	// finished games, so Spectator is what it gives).
	Seat int
}

// ExportName is the name of a game's export file, in one style for every
// kind: KIND-DATE-PLAYER-PLAYER.EXT ("congo-20261123-alice-bob.txt"). The
// date is when play began ("undated" without one); each player's name is
// kept to letters, digits, - and _ so that it is safe as a file name
// anywhere, and a seat without a name (players[i]) is called by the
// seat's (seats[i]).
func ExportName(kind, ext string, began time.Time, players, seats []string) string {
	date := "undated"
	if !began.IsZero() {
		date = began.UTC().Format("20060102")
	}
	parts := []string{strings.ToLower(kind), date}
	for i, seat := range seats {
		name := ""
		if i < len(players) {
			name = players[i]
		}
		if len(name) > 60 {
			name = name[:60]
		}
		w := strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' {
				return r
			}
			return '_'
		}, name)
		if strings.Trim(w, "_") == "" {
			w = seat
		}
		parts = append(parts, w)
	}
	return strings.Join(parts, "-") + "." + ext
}

// archive returns the store's Archive when the archive is on, or nil.
func (e *env) archive() Archive {
	if !e.cfg.Archive {
		return nil
	}
	a, _ := e.store.(Archive)
	return a
}

// assignID gives the game that begins at t an archive id, when the store
// keeps an archive.
func (t *tx) assignID() error {
	a := t.b.archive()
	if a == nil || t.rec.ID != "" || t.ctx == nil {
		return nil
	}
	id, err := nextGameID(t.ctx, a)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	t.rec.ID = id
	return nil
}

// nextGameID returns a new game id: the archive's counter in decimal,
// "12", which reads as an id in a sentence ("game 12"), where base 36
// read as a word ("game a"). The stores count in base 36
// (Archive.NextGameID); the decimal form of the counter never spells an
// id the same store gave before in base 36, as a string of digits is
// worth no less in base 36 than in decimal and the counter only grows: an
// old id names its old game still.
func nextGameID(ctx context.Context, a Archive) (string, error) {
	id, err := a.NextGameID(ctx)
	if err != nil {
		return "", err
	}
	if n, err := strconv.ParseUint(id, 36, 64); err == nil {
		return strconv.FormatUint(n, 10), nil
	}
	return id, nil
}

// plural is n and noun, with an s unless n is 1: "1 game", "3 games".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// gameRef names game id as the begin and end lines do: "game 3k", and its
// page when the operator gave the web view's public address.
func (e *env) gameRef(id string) string {
	if e.cfg.PublicURL == "" {
		return "game " + id
	}
	return "game " + id + ", " + strings.TrimRight(e.cfg.PublicURL, "/") + "/games/" + url.PathEscape(id)
}
