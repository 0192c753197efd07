package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ataxxbot/ataxxbot/bot/picture"
	"github.com/ataxxbot/ataxxbot/bot/tourney"
)

// TournamentView is a tournament as the web view shows it.
type TournamentView struct {
	ID      string
	Kind    string // "ataxx"
	Title   string // "Ataxx"
	Format  string // "round robin"
	Rounds  int
	Clock   string // "2s + 20ms a move", "" untimed
	State   string // waiting, running, finished, stopped
	Running bool   // waiting or running
	Players []string
	// Standings and Crosstable are the tables as chat shows them,
	// monospaced; Rows are the standings for a page's own table.
	Standings  string
	Crosstable string
	Rows       []StandingView
	Games      []TournamentGameView
	Played     int
	Total      int
	Created    time.Time
	Ended      time.Time // zero while it runs
}

// StandingView is one line of a tournament's standings.
type StandingView struct {
	Rank                       int
	Name                       string
	Points                     string // "2.5"
	Games, Wins, Draws, Losses int
	Elo                        string // "+120 ± 80"
	SB                         string // Sonneborn-Berger, "3.5"
}

// TournamentGameView is one game of a tournament.
type TournamentGameView struct {
	Round         int
	First, Second string
	Result        string // "1-0", "½-½", "0-1"; "" while not played, "running", "void", "stopped"
	Ending        string
	GameID        string // the archive id, once it began
}

// ViewTournament returns tournament id, or an error wrapping ErrNotFound.
func (b *Bot) ViewTournament(ctx context.Context, id string) (TournamentView, error) {
	tr, _, err := b.loadTournament(ctx, strings.ToLower(id))
	if errors.Is(err, ErrDamaged) {
		return TournamentView{}, fmt.Errorf("%w: tournament %s", ErrNotFound, id)
	}
	if err != nil {
		return TournamentView{}, err
	}
	return b.tournamentView(tr), nil
}

// RunningTournaments returns the tournaments that run (or wait for their
// players) now, newest first.
func (b *Bot) RunningTournaments(ctx context.Context) ([]TournamentView, error) {
	keys, err := b.store.Owed(ctx)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	var out []TournamentView
	for _, k := range keys {
		id, ok := strings.CutPrefix(k, tournamentPrefix)
		if !ok {
			continue
		}
		if tr, _, err := b.loadTournament(ctx, id); err == nil {
			out = append(out, b.tournamentView(tr))
		}
	}
	slices.SortFunc(out, func(a, b TournamentView) int { return b.Created.Compare(a.Created) }) // newest first
	return out, nil
}

// FinishedTournaments returns up to n tournaments that ended lately
// (finished or stopped), the last to end first. One whose record is gone
// (expired) or cannot be read is left out.
func (b *Bot) FinishedTournaments(ctx context.Context, n int) ([]TournamentView, error) {
	data, _, err := b.store.Load(ctx, finishedToursKey)
	switch {
	case errors.Is(err, ErrNotFound), errors.Is(err, ErrDamaged):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("%w: %w", ErrUnavailable, err)
	}
	var ids []string
	if err := json.Unmarshal(data, &ids); err != nil {
		return nil, nil // replaced at the next tournament's end
	}
	var out []TournamentView
	for i := len(ids) - 1; i >= 0 && len(out) < n; i-- {
		tr, _, err := b.loadTournament(ctx, ids[i])
		switch {
		case errors.Is(err, ErrNotFound), errors.Is(err, ErrDamaged):
			continue
		case err != nil:
			return nil, err
		}
		if tr.State == tourFinished || tr.State == tourStopped {
			out = append(out, b.tournamentView(tr))
		}
	}
	return out, nil
}

func (b *Bot) tournamentView(tr *tournament) TournamentView {
	v := TournamentView{ID: tr.ID, Kind: tr.Kind, Title: b.specs[tr.Kind].Title, Format: tr.Format.Title(), Rounds: tr.Rounds,
		State: string(tr.State), Running: tr.State == tourRunning || tr.State == tourWaiting, Players: tr.names(),
		Created: tr.Created, Ended: tr.Ended}
	if tr.Clock != nil {
		v.Clock = tr.Clock.Describe()
	}
	v.Played, _, v.Total = tr.counts()
	st := tourney.Standings(len(tr.Entrants), tr.results())
	v.Standings = tourney.StandingsText(tr.names(), st)
	v.Crosstable = tourney.CrosstableText(tr.names(), tr.results())
	for _, s := range st {
		v.Rows = append(v.Rows, StandingView{Rank: s.Rank, Name: tr.Entrants[s.Entrant].Name, Points: tourney.PointsText(s.Points),
			Games: s.Games, Wins: s.Wins, Draws: s.Draws, Losses: s.Losses,
			Elo: tourney.EloText(s.Elo, s.Margin, s.Games), SB: tourney.SBText(s.SB)})
	}
	for _, g := range tr.Games {
		if g.Second == tourney.Bye {
			continue
		}
		gv := TournamentGameView{Round: g.Round, First: tr.Entrants[g.First].Name, Second: tr.Entrants[g.Second].Name,
			Ending: string(g.Ending), GameID: g.GameID}
		switch g.State {
		case gameDone:
			gv.Result = tourney.ScoreText(g.Score)
		case gameRunning:
			gv.Result = "running"
		case gameVoid:
			gv.Result = "void"
		case gameStopped:
			gv.Result = "stopped"
		}
		v.Games = append(v.Games, gv)
	}
	return v
}

// tourHeadline is one line about the tournament: what, who, how far.
func (b *Bot) tourHeadline(tr *tournament) string {
	spec := b.specs[tr.Kind]
	played, running, total := tr.counts()
	clock := "untimed"
	if tr.Clock != nil {
		clock = "clock " + tr.Clock.String()
	}
	names := make([]string, len(tr.Entrants))
	for i, e := range tr.Entrants {
		names[i] = shown(e.Name)
		if e.Kind == SeatInvited {
			names[i] += " (invited)"
		}
	}
	head := fmt.Sprintf("Tournament %s: %s %s, %s (%s), %s, %s", tr.ID, spec.Title, tr.Format.Title(),
		plural(len(tr.Entrants), "player"), strings.Join(names, ", "), plural(tr.Rounds, "round"), clock)
	switch tr.State {
	case tourWaiting:
		return head + fmt.Sprintf(". Waiting for the invited to say %stournament join (or its maker: %stournament begin).", b.cfg.Prefix, b.cfg.Prefix)
	case tourRunning:
		return head + fmt.Sprintf(": %d of %d games played, %d running.", played, total, running)
	}
	return head + fmt.Sprintf(": %s, %d of %d games played.", tr.State, played, total)
}

// standingsReply is the standings as a monospaced block (a picture where
// the network shows pictures).
func (b *Bot) standingsReply(tr *tournament) Reply {
	text := tourney.StandingsText(tr.names(), tourney.Standings(len(tr.Entrants), tr.results()))
	return b.tablePicture(fmt.Sprintf("Tournament %s: standings", tr.ID), text)
}

// crosstableReply is the crosstable as a monospaced block (a picture
// where the network shows pictures).
func (b *Bot) crosstableReply(tr *tournament) Reply {
	text := tourney.CrosstableText(tr.names(), tr.results())
	return b.tablePicture(fmt.Sprintf("Tournament %s: crosstable", tr.ID), text)
}

// tablePicture is a monospaced reply that draws itself as a picture.
func (b *Bot) tablePicture(title, text string) Reply {
	return Reply{Text: text, Mono: true, Picture: func() ([]byte, error) {
		tk, err := b.tourKit.Get(picture.New)
		if err != nil {
			return nil, err
		}
		return tourney.Picture(tk, title, text)
	}}
}

// maxGamesListed is the most games "tournament games" lists.
const maxGamesListed = 40

// tourGamesText lists the games: round, players, result, archive id.
func (b *Bot) tourGamesText(tr *tournament) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Tournament %s games:\n", tr.ID)
	games := b.tournamentView(tr).Games
	if len(games) > maxGamesListed {
		fmt.Fprintf(&sb, "(the last %d of %d)\n", maxGamesListed, len(games))
		games = games[len(games)-maxGamesListed:]
	}
	for _, g := range games {
		res := g.Result
		if res == "" {
			res = "-"
		}
		line := fmt.Sprintf("R%-2d %s vs %s: %s", g.Round, shown(g.First), shown(g.Second), res)
		if g.GameID != "" {
			line += " (game " + g.GameID + ")"
		}
		sb.WriteString(line + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}
