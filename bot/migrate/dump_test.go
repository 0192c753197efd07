package migrate

import (
	"strings"
	"testing"
)

// storedTournament is a tournament as the host stores it, its games'
// states and its own given: the JSON the core's tournament type writes.
func storedTournament(id, state, game1, game2 string) []byte {
	return []byte(strings.NewReplacer("ID", id, "STATE", state, "GAME1", game1, "GAME2", game2).Replace(
		`{"schema":1,"id":"ID","kind":"ataxx","format":"roundrobin","rounds":1,"table":"irc:#a","by":"alice","state":"STATE",` +
			`"entrants":[{"name":"alice","kind":"human","user":"alice"},{"name":"ai:3","kind":"ai","level":3}],` +
			`"games":[{"round":1,"first":0,"second":1,"state":"GAME1","table":"irc:#a","game":"5","score":1,"tries":1},` +
			`{"round":2,"first":1,"second":0,"state":"GAME2","table":"irc:#a","game":"6","tries":1}],` +
			`"created":"2026-11-27T01:00:00Z"}`))
}

// TestRecordNewerOrdersATournamentsStates: of two states of one stored
// tournament, the one further on is the later; different tournaments,
// or one state twice, say nothing.
func TestRecordNewerOrdersATournamentsStates(t *testing.T) {
	for _, c := range []struct {
		name           string
		src, dst       []byte
		newer, decided bool
	}{
		{"a game that ended since", storedTournament("t1", "running", "done", "done"), storedTournament("t1", "running", "done", "running"), true, true},
		{"a game that has not ended yet", storedTournament("t1", "running", "done", "running"), storedTournament("t1", "running", "done", "done"), false, true},
		{"the tournament finished since", storedTournament("t1", "finished", "done", "done"), storedTournament("t1", "running", "done", "done"), true, true},
		{"started against waiting", storedTournament("t1", "running", "running", ""), storedTournament("t1", "waiting", "", ""), true, true},
		{"the same state", storedTournament("t1", "running", "done", "running"), storedTournament("t1", "running", "done", "running"), false, false},
		{"another tournament", storedTournament("t1", "finished", "done", "done"), storedTournament("t2", "running", "done", "running"), false, false},
		{"an unreadable one", storedTournament("t1", "finished", "done", "done"), []byte("{"), false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			newer, decided := recordNewer("tournament:t1", c.src, c.dst)
			if newer != c.newer || decided != c.decided {
				t.Errorf("recordNewer: got %v, %v; want %v, %v", newer, decided, c.newer, c.decided)
			}
		})
	}
}

// TestRecordDoneOfTournaments: a stored tournament is done once it
// finished or was stopped; a channel's pointer to its latest tournament
// never is.
func TestRecordDoneOfTournaments(t *testing.T) {
	for _, c := range []struct {
		key  string
		data []byte
		want bool
	}{
		{"tournament:t1", storedTournament("t1", "waiting", "", ""), false},
		{"tournament:t1", storedTournament("t1", "running", "done", "running"), false},
		{"tournament:t1", storedTournament("t1", "finished", "done", "done"), true},
		{"tournament:t1", storedTournament("t1", "stopped", "done", "stopped"), true},
		{"tournament:t1", []byte("{"), false},
		{"tournament-at:irc:#a", []byte("t1"), false},
	} {
		if got := recordDone(c.key, c.data); got != c.want {
			t.Errorf("recordDone(%s, %s): got %v; want %v", c.key, c.data, got, c.want)
		}
	}
}

// TestRatingNewerReadsStoredRatings: of two stored rating records, the
// one that took in more games is the later, then the one whose last game
// ended later; the rest of the record does not count.
func TestRatingNewerReadsStoredRatings(t *testing.T) {
	stored := func(games, last string) []byte {
		return []byte(`{"r":1500,"rd":300,"sigma":0.06,"games":` + games + `,"last":"` + last +
			`","name":"alice","recent":[{"id":"5","before":{"r":0,"rd":0,"sigma":0,"games":0,"last":"0001-01-01T00:00:00Z"}}]}`)
	}
	for _, c := range []struct {
		name           string
		src, dst       []byte
		newer, decided bool
	}{
		{"more games", stored("3", "2026-11-27T01:00:00Z"), stored("2", "2026-11-27T02:00:00Z"), true, true},
		{"fewer games", stored("2", "2026-11-27T02:00:00Z"), stored("3", "2026-11-27T01:00:00Z"), false, true},
		{"as many, the last later", stored("2", "2026-11-27T02:00:00Z"), stored("2", "2026-11-27T01:00:00Z"), true, true},
		{"as many, the last at the same instant", stored("2", "2026-11-27T02:00:00Z"), stored("2", "2026-11-27T03:00:00+01:00"), false, false},
		{"an unreadable one", stored("2", "2026-11-27T02:00:00Z"), []byte(`{"games":"x"}`), false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			newer, decided := ratingNewer(c.src, c.dst)
			if newer != c.newer || decided != c.decided {
				t.Errorf("ratingNewer: got %v, %v; want %v, %v", newer, decided, c.newer, c.decided)
			}
		})
	}
}
