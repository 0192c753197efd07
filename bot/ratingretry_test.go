package bot_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/ataxxbot/ataxxbot/store/memory"
)

// failingRatings is a memory store whose SaveRating fails for one player
// while fail is set: the store going away between the two ratings of a
// game (or the process stopping there).
type failingRatings struct {
	*memory.Store
	player string
	fail   atomic.Bool
}

var errRatingsDown = errors.New("ratings down")

func (f *failingRatings) SaveRating(ctx context.Context, kind, player string, data []byte, version uint64) (uint64, error) {
	if f.fail.Load() && player == f.player {
		return 0, errRatingsDown
	}
	return f.Store.SaveRating(ctx, kind, player, data, version)
}

// TestRatingCompletedOnce: when the second player's rating of a finished
// game is lost, the next game at the table completes it, each player's
// rating takes the game in exactly once (1662 / 1338), and later retries
// change nothing.
func TestRatingCompletedOnce(t *testing.T) {
	st := &failingRatings{Store: memory.New(), player: "test:id-bob"}
	st.fail.Store(true)
	h := archiving(t, st)
	h.startGuess("#g")
	h.in("#g", "alice", "!guess guess 1")
	h.in("#g", "bob", "!guess guess 1")
	want(t, h.in("#g", "alice", "!guess guess 6"), "#g", "(game 1)")
	want(t, h.in("#g", "bob", "!rating guess"), "#g", "1500? ±350 (0 games)")
	want(t, h.in("#g", "alice", "!rating guess"), "#g", "1662? ±290 (1 game)")

	st.fail.Store(false)
	for i := range 3 { // the next game at the table, and two after it
		h.in("#g", "alice", "!new")
		want(t, h.in("#g", "bob", "!rating guess"), "#g", "1338? ±290 (1 game)")
		want(t, h.in("#g", "alice", "!rating guess"), "#g", "1662? ±290 (1 game)")
		if t.Failed() {
			t.Fatalf("after new #%d", i+1)
		}
	}
}
