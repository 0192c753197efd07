package memory

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
)

var _ bot.Archive = (*Store)(nil)

// archive is the in-memory archive: games by id, the indexes as sorted
// sort keys per (user, kind) with "" for any, ratings and leaderboards.
type archive struct {
	lastID  uint64
	games   map[string]bot.ArchivedGame
	index   map[[2]string][]string // sorted sort keys
	ratings map[[2]string]record
	ranks   map[string]map[string]float64 // kind -> player -> score
}

func (s *Store) arch() *archive {
	if s.archive == nil {
		s.archive = &archive{
			games:   map[string]bot.ArchivedGame{},
			index:   map[[2]string][]string{},
			ratings: map[[2]string]record{},
			ranks:   map[string]map[string]float64{},
		}
	}
	return s.archive
}

// NextGameID returns the next id of a counter, in base 36.
func (s *Store) NextGameID(ctx context.Context) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.arch()
	a.lastID++
	return strconv.FormatUint(a.lastID, 36), nil
}

// copyGame copies the slices of g, so that the store shares nothing with
// its callers.
func copyGame(g bot.ArchivedGame) bot.ArchivedGame {
	g.Players = slices.Clone(g.Players)
	g.Networks = slices.Clone(g.Networks)
	g.Moves = slices.Clone(g.Moves)
	g.Record = slices.Clone(g.Record)
	return g
}

// ArchiveGame keeps a copy of g (the first under its id) and indexes it.
func (s *Store) ArchiveGame(ctx context.Context, g bot.ArchivedGame) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if g.ID == "" {
		return errors.New("memory store: archive a game without an id")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.arch()
	if old, ok := a.games[g.ID]; ok {
		g = old
	} else {
		a.games[g.ID] = copyGame(g)
	}
	key := g.SortKey()
	for _, u := range append(g.Users(), "") {
		for _, k := range []string{g.Kind, ""} {
			ix := a.index[[2]string{u, k}]
			if i, found := slices.BinarySearch(ix, key); !found {
				a.index[[2]string{u, k}] = slices.Insert(ix, i, key)
			}
		}
	}
	return nil
}

// ArchivedGame returns a copy of the game id.
func (s *Store) ArchivedGame(ctx context.Context, id string) (bot.ArchivedGame, error) {
	if err := ctx.Err(); err != nil {
		return bot.ArchivedGame{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g, ok := s.arch().games[id]
	if !ok {
		return bot.ArchivedGame{}, fmt.Errorf("memory store: game %q: %w", id, bot.ErrNotFound)
	}
	return copyGame(g), nil
}

// History pages through the index of user and kind.
func (s *Store) History(ctx context.Context, user, kind, before string, n int) ([]bot.ArchivedGame, string, error) {
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	n = min(n, bot.MaxHistory)
	if n <= 0 {
		return nil, "", nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.arch()
	ix := a.index[[2]string{user, kind}]
	i := 0
	if before != "" {
		i, _ = slices.BinarySearch(ix, before)
		if i < len(ix) && ix[i] == before {
			i++
		}
	}
	var games []bot.ArchivedGame
	for ; i < len(ix) && len(games) < n; i++ {
		id := ix[i][strings.IndexByte(ix[i], ':')+1:]
		games = append(games, copyGame(a.games[id]))
	}
	next := ""
	if i < len(ix) {
		next = ix[i-1]
	}
	return games, next, nil
}

// Rating returns a copy of a player's rating record.
func (s *Store) Rating(ctx context.Context, kind, player string) ([]byte, uint64, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.arch().ratings[[2]string{kind, player}]
	if !ok {
		return nil, 0, fmt.Errorf("memory store: rating of %q in %q: %w", player, kind, bot.ErrNotFound)
	}
	return slices.Clone(r.data), r.version, nil
}

// SaveRating stores a copy of data if version is current.
func (s *Store) SaveRating(ctx context.Context, kind, player string, data []byte, version uint64) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.arch()
	k := [2]string{kind, player}
	if cur := a.ratings[k].version; cur != version {
		return 0, fmt.Errorf("memory store: rating of %q in %q at version %d, not %d: %w", player, kind, cur, version, bot.ErrConflict)
	}
	next := bot.NextVersion(version)
	a.ratings[k] = record{data: slices.Clone(data), version: next}
	return next, nil
}

// SetRank sets player's score on kind's leaderboard.
func (s *Store) SetRank(ctx context.Context, kind, player string, score float64) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if math.IsNaN(score) {
		return fmt.Errorf("memory store: rank of %q in %q: score is NaN", player, kind)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.arch()
	if a.ranks[kind] == nil {
		a.ranks[kind] = map[string]float64{}
	}
	a.ranks[kind][player] = score
	return nil
}

// Top returns kind's n best players.
func (s *Store) Top(ctx context.Context, kind string, n int) ([]bot.Ranked, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var all []bot.Ranked
	for p, sc := range s.arch().ranks[kind] {
		all = append(all, bot.Ranked{Player: p, Score: sc})
	}
	slices.SortFunc(all, func(a, b bot.Ranked) int {
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Player, b.Player)
	})
	if n < 0 {
		n = 0
	}
	return all[:min(n, len(all))], nil
}
