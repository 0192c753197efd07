package tournament

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/ataxxbot/ataxxbot/bot/picture"
	"github.com/ataxxbot/ataxxbot/bot/tourney"
)

// ViewTournament returns tournament id, or an error wrapping bot.ErrNotFound.
func (d *Director) ViewTournament(ctx context.Context, id string) (tourney.View, error) {
	tr, _, err := d.loadTournament(ctx, strings.ToLower(id))
	if errors.Is(err, bot.ErrDamaged) {
		return tourney.View{}, fmt.Errorf("%w: tournament %s", bot.ErrNotFound, id)
	}
	if err != nil {
		return tourney.View{}, err
	}
	return d.tournamentView(tr), nil
}

// RunningTournaments returns the tournaments that run (or wait for their
// players) now, newest first.
func (d *Director) RunningTournaments(ctx context.Context) ([]tourney.View, error) {
	keys, err := d.host.Store().Owed(ctx)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	var out []tourney.View
	for _, k := range keys {
		id, ok := strings.CutPrefix(k, tournamentPrefix)
		if !ok {
			continue
		}
		if tr, _, err := d.loadTournament(ctx, id); err == nil {
			out = append(out, d.tournamentView(tr))
		}
	}
	slices.SortFunc(out, func(a, b tourney.View) int { return b.Created.Compare(a.Created) }) // newest first
	return out, nil
}

// FinishedTournaments returns up to n tournaments that ended lately
// (finished or stopped), the last to end first. One whose record is gone
// (expired) or cannot be read is left out.
func (d *Director) FinishedTournaments(ctx context.Context, n int) ([]tourney.View, error) {
	data, _, err := d.host.Store().Load(ctx, finishedToursKey)
	switch {
	case errors.Is(err, bot.ErrNotFound), errors.Is(err, bot.ErrDamaged):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("%w: %w", bot.ErrUnavailable, err)
	}
	var ids []string
	if err := json.Unmarshal(data, &ids); err != nil {
		return nil, nil // replaced at the next tournament's end
	}
	var out []tourney.View
	for i := len(ids) - 1; i >= 0 && len(out) < n; i-- {
		tr, _, err := d.loadTournament(ctx, ids[i])
		switch {
		case errors.Is(err, bot.ErrNotFound), errors.Is(err, bot.ErrDamaged):
			continue
		case err != nil:
			return nil, err
		}
		if tr.State == tourFinished || tr.State == tourStopped {
			out = append(out, d.tournamentView(tr))
		}
	}
	return out, nil
}

// kindTitle is the title of the hosted kind named kind ("" if none).
func (d *Director) kindTitle(kind string) string {
	spec, _ := d.spec(kind)
	return spec.Title
}

func (d *Director) tournamentView(tr *tournament) tourney.View {
	v := tourney.View{ID: tr.ID, Kind: tr.Kind, Title: d.kindTitle(tr.Kind), Format: tr.Format.Title(), Rounds: tr.Rounds,
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
		v.Rows = append(v.Rows, tourney.StandingView{Rank: s.Rank, Name: tr.Entrants[s.Entrant].Name, Points: tourney.PointsText(s.Points),
			Games: s.Games, Wins: s.Wins, Draws: s.Draws, Losses: s.Losses,
			Elo: tourney.EloText(s.Elo, s.Margin, s.Games), SB: tourney.SBText(s.SB)})
	}
	for _, g := range tr.Games {
		if g.Second == tourney.Bye {
			continue
		}
		gv := tourney.GameView{Round: g.Round, First: tr.Entrants[g.First].Name, Second: tr.Entrants[g.Second].Name,
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
func (d *Director) tourHeadline(tr *tournament) string {
	played, running, total := tr.counts()
	clock := "untimed"
	if tr.Clock != nil {
		clock = "clock " + tr.Clock.String()
	}
	names := make([]string, len(tr.Entrants))
	for i, e := range tr.Entrants {
		names[i] = bot.Shown(e.Name)
		if e.Kind == bot.SeatInvited {
			names[i] += " (invited)"
		}
	}
	head := fmt.Sprintf("Tournament %s: %s %s, %s (%s), %s, %s", tr.ID, d.kindTitle(tr.Kind), tr.Format.Title(),
		bot.Plural(len(tr.Entrants), "player"), strings.Join(names, ", "), bot.Plural(tr.Rounds, "round"), clock)
	switch tr.State {
	case tourWaiting:
		return head + fmt.Sprintf(". Waiting for the invited to say %stournament join (or its maker: %stournament begin).", d.host.Prefix(), d.host.Prefix())
	case tourRunning:
		return head + fmt.Sprintf(": %d of %d games played, %d running.", played, total, running)
	}
	return head + fmt.Sprintf(": %s, %d of %d games played.", tr.State, played, total)
}

// standingsReply is the standings as a monospaced block (a picture where
// the network shows pictures).
func (d *Director) standingsReply(tr *tournament) bot.Reply {
	text := tourney.StandingsText(tr.names(), tourney.Standings(len(tr.Entrants), tr.results()))
	return d.tablePicture(fmt.Sprintf("Tournament %s: standings", tr.ID), text)
}

// crosstableReply is the crosstable as a monospaced block (a picture
// where the network shows pictures).
func (d *Director) crosstableReply(tr *tournament) bot.Reply {
	text := tourney.CrosstableText(tr.names(), tr.results())
	return d.tablePicture(fmt.Sprintf("Tournament %s: crosstable", tr.ID), text)
}

// tablePicture is a monospaced reply that draws itself as a picture.
func (d *Director) tablePicture(title, text string) bot.Reply {
	return bot.Reply{Text: text, Mono: true, Picture: func() ([]byte, error) {
		tk, err := d.kit.Get(picture.New)
		if err != nil {
			return nil, err
		}
		return tourney.Picture(tk, title, text)
	}}
}

// maxGamesListed is the most games "tournament games" lists.
const maxGamesListed = 40

// tourGamesText lists the games: round, players, result, archive id.
func (d *Director) tourGamesText(tr *tournament) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Tournament %s games:\n", tr.ID)
	games := d.tournamentView(tr).Games
	if len(games) > maxGamesListed {
		fmt.Fprintf(&sb, "(the last %d of %d)\n", maxGamesListed, len(games))
		games = games[len(games)-maxGamesListed:]
	}
	for _, g := range games {
		res := g.Result
		if res == "" {
			res = "-"
		}
		line := fmt.Sprintf("R%-2d %s vs %s: %s", g.Round, bot.Shown(g.First), bot.Shown(g.Second), res)
		if g.GameID != "" {
			line += " (game " + g.GameID + ")"
		}
		sb.WriteString(line + "\n")
	}
	return strings.TrimRight(sb.String(), "\n")
}
