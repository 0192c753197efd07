package web

import (
	"context"
	"net/http"

	"github.com/ataxxbot/ataxxbot/bot"
)

// tournaments lists the tournaments that run or wait for their players,
// and those that ended lately.
func (s *Server) tournaments(w http.ResponseWriter, r *http.Request) {
	tours, err := s.cfg.Games.RunningTournaments(r.Context())
	if err != nil {
		s.fail(w, err, "page")
		return
	}
	done, err := s.cfg.Games.FinishedTournaments(r.Context(), listTours)
	if err != nil {
		s.fail(w, err, "page")
		return
	}
	s.render(w, http.StatusOK, "tournaments", map[string]any{"Title": "Tournaments", "Tournaments": tours, "Finished": done, "Kinds": s.kinds()})
}

// tournament is a tournament's page: its standings, crosstable and
// games, live while it runs.
func (s *Server) tournament(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !validID(id) {
		s.fail(w, bot.ErrNotFound, "tournament")
		return
	}
	t, err := s.cfg.Games.ViewTournament(r.Context(), id)
	if err != nil {
		s.fail(w, err, "tournament")
		return
	}
	s.render(w, http.StatusOK, "tournament", map[string]any{"Title": "Tournament " + t.ID, "Tournament": t, "Kinds": s.kinds()})
}

// tournamentEvents streams a tournament's part of the page each time it
// changes (a game begins or ends), as events does a game's; it ends when
// the tournament does.
func (s *Server) tournamentEvents(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !validID(id) {
		http.Error(w, "no such tournament", http.StatusNotFound)
		return
	}
	s.follow(w, r, "tournament", id, func(ctx context.Context) (any, bool, error) {
		t, err := s.cfg.Games.ViewTournament(ctx, id)
		return t, t.Running, err
	})
}
