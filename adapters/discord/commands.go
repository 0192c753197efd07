package discord

import (
	"fmt"
	"strings"

	"github.com/ataxxbot/ataxxbot/bot"
	"github.com/bwmarrin/discordgo"
)

// Commands returns the /ataxx command: a subcommand for every command of
// the language.
func Commands() []*discordgo.ApplicationCommand {
	str := func(name, desc string, required bool, choices ...string) *discordgo.ApplicationCommandOption {
		o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc, Required: required}
		for _, c := range choices {
			o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: c, Value: c})
		}
		return o
	}
	minLevel, maxLevel := 1.0, 10.0
	level := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "level", Description: "AI level, 1 (random) to 10 (full strength)", MinValue: &minLevel, MaxValue: maxLevel}
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
	}
	color := func(required bool) *discordgo.ApplicationCommandOption {
		return str("color", "red or blue", required, "red", "blue")
	}
	return []*discordgo.ApplicationCommand{{
		Name:        "ataxx",
		Description: "Play Ataxx in this channel",
		Options: []*discordgo.ApplicationCommandOption{
			sub("start", "Open a game (you play Red) against a user, the AI, or anyone; in setup, begin it",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "challenge this user"},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "ai", Description: "play the AI"},
				level, str("engine", "an external engine named by the operator", false)),
			sub("join", "Take the open seat, or the one you were challenged to"),
			sub("move", "Move: FROM-TO (a7-b6 clones, a7-c5 jumps) or a destination (b6)", str("move", "like a7-b6", true)),
			sub("pass", "Pass (only when you have no move)"),
			sub("board", "Show the board with coordinates and the score"),
			sub("dump", "Show the board in the manual's dump format"),
			sub("status", "Seats, score and whose turn"),
			sub("undo", "Take back your last move (a person opponent must agree)"),
			sub("resign", "Give up the game"),
			sub("new", "Abandon the game and open a new one in setup"),
			sub("blocks", "Setup: block squares by pattern (1-6, a-h)", str("pattern", "like 3gh", true)),
			sub("block", "Setup: block a square and its reflections", str("square", "like c3", true)),
			sub("fen", "Show the position as FEN; in setup, start from a FEN", str("fen", "a position to start from", false)),
			sub("rules", "Setup: the rule set", str("rules", "manual, cs61b or uai", true, "manual", "cs61b", "uai")),
			sub("seed", "Setup: seed the AI's random choices", &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "n", Description: "a whole number", Required: true}),
			sub("color", "Setup: take a seat", color(true)),
			sub("auto", "The AI plays a seat (yours if none is named)", color(false), level),
			sub("manual", "Play a seat by hand yourself", color(true)),
			sub("verbose", "Show the board after every move"),
			sub("quiet", "Stop showing the board after every move"),
			sub("help", "The commands, or one of them", str("command", "a command name", false)),
		},
	}}
}

// commandText turns /ataxx SUB [options] into the command language, with
// the users it names.
func commandText(d discordgo.ApplicationCommandInteractionData) (string, []bot.User) {
	if d.Name != "ataxx" || len(d.Options) == 0 {
		return "help", nil
	}
	sub := d.Options[0]
	opts := map[string]*discordgo.ApplicationCommandInteractionDataOption{}
	for _, o := range sub.Options {
		opts[o.Name] = o
	}
	if sub.Name == "start" {
		switch {
		case opts["opponent"] != nil:
			id := fmt.Sprint(opts["opponent"].Value)
			name := id
			if d.Resolved != nil && d.Resolved.Users[id] != nil {
				name = displayName(d.Resolved.Users[id], nil)
			}
			return "start @" + strings.ReplaceAll(name, " ", "_"), []bot.User{{ID: id, Name: name}}
		case opts["engine"] != nil:
			return "start ai:" + fmt.Sprint(opts["engine"].Value), nil
		case opts["level"] != nil:
			return fmt.Sprintf("start ai:%v", opts["level"].Value), nil
		case opts["ai"] != nil && opts["ai"].BoolValue():
			return "start ai", nil
		}
		return "start", nil
	}
	words := []string{sub.Name}
	for _, o := range sub.Options { // in the order the command declares
		words = append(words, fmt.Sprint(o.Value))
	}
	return strings.Join(words, " "), nil
}
