package bot

import (
	"fmt"
	"strings"
)

// boardReply is the table's board as viewer may see it, the referees'
// line under it, with its picture when the kind draws one (Reply.Picture).
func (t *tx) boardReply(viewer int) Reply {
	r := t.b.withNotes(t, t.st.Board(viewer))
	t.b.attachPicture(&r, t.spec.Name, t.st, viewer, t.pictureCaption())
	return r
}

// attachPicture gives r the picture of st as viewer sees it now: the state
// is encoded at once, so the picture shows the same moment as the text
// board even when the table moves on before a network draws it, and is
// drawn (or taken from the cache) only when called. A kind that does not
// draw gets none. kind is the kind's name (its Spec's, kept by the host:
// Spec builds the command table anew).
func (b *Bot) attachPicture(r *Reply, kind string, st State, viewer int, caption string) {
	if _, ok := st.(Picturer); !ok || kind == "" {
		return
	}
	data, err := st.Encode()
	if err != nil {
		b.log.Warn("board picture: the state cannot be encoded", "err", err)
		return
	}
	r.Shot = &Shot{Kind: kind, State: data, Viewer: viewer, Caption: caption}
	if res := st.Result(); res.Over {
		r.Shot.Ended = &res
	}
	r.Picture = b.PictureOf(*r.Shot)
}

// PictureOf is a Reply.Picture for shot, for a reply that came by mail
// from another process (whose Picture did not travel): nil when this bot
// does not host the shot's kind.
func (b *Bot) PictureOf(shot Shot) func() ([]byte, error) {
	k, ok := b.kinds[strings.ToLower(shot.Kind)]
	if !ok {
		return nil
	}
	return func() ([]byte, error) {
		st, err := k.Decode(shot.State)
		if err != nil {
			return nil, fmt.Errorf("picture of a %s board: %w", shot.Kind, err)
		}
		if shot.Ended != nil {
			endState(st, *shot.Ended)
		}
		// BoardPNG encodes st again for its cache key; the decode is the
		// price of a picture that shows its own moment.
		return b.BoardPNG(st, shot.Viewer, shot.Caption)
	}
}

// archivedCaption is the line under a finished game's board: each seat's
// player, as pictureCaption writes it for a game in play.
func archivedCaption(g ArchivedGame) string {
	parts := make([]string, 0, len(g.Players))
	for _, p := range g.Players {
		seat := p.Seat
		if seat != "" {
			seat = strings.ToUpper(seat[:1]) + seat[1:]
		}
		parts = append(parts, seat+": "+shown(p.Name))
	}
	return strings.Join(parts, " · ")
}
