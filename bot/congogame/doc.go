// Package congogame is Congo for the bot: the user guide's commands as
// chat verbs, its texts as replies, and its advisers and the congoai
// search as AI seats, behind bot.Kind.
//
// A tour of a game in a channel:
//
//	!congo start @bob        the host opens it; White (alice) moves first
//	!move a2 a3              also !move a2-a3, !a2-a3, !a2 a3
//	!show board              the guide's board; show players|moves|game
//	!advise                  Advised move is (b1,a2). (the player on move only)
//	!allow                   the Congo commands the speaker may give now
//	!guide move              the guide's manual page of a command
//	!fen                     the position in Congo FEN
//
// A move is announced in the guide's words, "White (alice): transition
// (a2,a3). Black (bob) to move."; a move the rules refuse is answered
// "Entered move is wrong. Consult "show moves".". The game ends when a
// lion is taken ("lion taken") or the side to move has no move ("no moves
// left").
//
// # A monkey's jumps
//
// A monkey may capture several pieces in one turn. Players give the
// jumps either as one path, "!b1-d3-f5-d7", which is the whole turn, or
// a jump at a time, as the guide's program takes them: "!b1-d3" jumps
// once and, if the monkey can jump again, the turn stays with it
// ("The monkey on d3 may jump on, or stop."). Further jumps follow the
// same way ("!d3-f5"), or as a path; "!stop" (or the monkey's square
// twice, "!d3-d3") ends the turn where the monkey stands; the turn also
// ends by itself when no jump is left. One jump that ends the turn at
// once is "!b1-d3 stop". While the monkey jumps, show moves lists the
// stop first, then the paths on.
//
// # Help
//
// The host owns help (the list of commands and one-line usages); the
// guide's manual pages (NAME, DESCRIPTION, USAGE) are under guide:
// "!guide move". The guide's exit has no place in chat (resign or new
// end a game); its allow lists what the speaker may say now: move and
// stop only on their turn.
//
// # AI and undo
//
// The AI seats play at the host's levels through an Engine (a
// congoai.Pool by default), or as the guide's advisers, "start
// ai:random" and "start ai:negamax". The AI sees the position only.
// Programs that speak UGI (cmd/ugi -game congo is one) play as "start
// ai:NAME" when Options.Engines names them: one process a move, told the
// start and the whole turns since ("b1-d3-f5" for a monkey's jumps); a
// program that times out, exits, answers nonsense or moves illegally
// loses the game (bot.ProgramError).
// Undo takes back a seat's last turn with every jump of it.
//
// # The record
//
// A game is stored as JSON: the start position in Congo FEN and the
// actions since, "a2-a3 b7-b6 b1-d3+ d3-f5+ f5-f5": a whole turn as its
// path; a jump after which the turn stayed with the monkey with a
// trailing '+'; the stop as the monkey's square twice. The position is
// replayed from them.
//
// # The board on a page
//
// The state is a bot.Surfacer and a bot.Replayer. Its surface is the
// text board's squares, a7 top left to g1 bottom right, the river and
// the castles marked, pieces by their FEN letters; the seat to move gets
// every legal turn as clicks, the monkey then each landing of its path,
// every stopping point of a path a move of its own (a single jump the
// monkey could follow up said "b1-d3 stop"). While its jumps are taken
// one at a time the moves are the jumps on and the stop (the monkey
// clicked twice, "stop"), and Actions offers a Stop button. Setup is a
// position by FEN: no setup tools. Frames replays the record since play
// began, a frame an action.
//
// # Export
//
// Export writes a game as a file for the guide's program: cmd/congo,
// started with the file's --board (the start FEN), plays it with "load
// FILE": comment lines (players, date, start and final FEN, result,
// command line), then one command a line, "move a2 a3", "move b1 d3 f5",
// "move b1 d3 stop", or a turn a jump at a time as typed ("move b1 d3",
// "stop").
//
// Options.Guide makes the kind speak as the guide's program for
// cmd/congo: only the guide's lines, with its blank lines and leading
// spaces.
package congogame
