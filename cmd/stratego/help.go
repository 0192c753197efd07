package main

// helpText is the -h page: the 2012 manager's manual, its sections kept,
// corrected to say what the program (theirs and this one) really does
// where the manual differs (see ../shared/games/stratego-protocol.md);
// TestHelpDescribesTheProgram holds it to a real game.
const helpText = `NAME
	stratego - manage games of Stratego between AI programs and/or human players

SYNOPSIS
	stratego [-gpirb] [-o output_file] [-t stall_time] [-m max_turns] [-T timeout]
	         {red_player blue_player | -f input_file} | -h

DESCRIPTION
	stratego manages a game of Stratego as the UCC Programming Competition 2012
	manager does: it keeps the board, speaks the line protocol below with two agent
	programs, judges their answers and prints the result. It does not play itself.
	Unless -h or -f is given, both red_player and blue_player must be supplied.

	red_player, blue_player
		The path of an agent program (run with no arguments, speaking the protocol
		on stdin/stdout; its name in messages and in the result line is the path
		as given), or "human": moves typed on stdin, in chat form "b4-b6" or the
		protocol's "X Y DIRECTION [MULTIPLIER]"; prompts and the board as that
		player sees it go to stderr. A person's typing mistakes and illegal moves
		are asked again.

OPTIONS
	-g  draw the game as it is played (terminal: redrawn in place; file: one frame a move)
	-p  print the whole board to stdout after each move (coloured on a terminal)
	-i  ignore illegal moves: the mover loses the turn instead of the game
	-r  disguise Red's unrevealed pieces in -g
	-b  disguise Blue's unrevealed pieces in -g
	-o  write the game log to output_file ("stdout" for standard output); see LOG
	-t  stall stall_time between moves (seconds, or a duration such as 250ms)
	-m  draw the game when the turn counter reaches max_turns (default 5000; "inf": never)
	-T  time an agent has for each line it writes (default 2 seconds)
	-f  replay a log written by -o; every other switch works as usual. A game the
	    turn limit ended replays to the same result without -m: the log names the
	    limit (a -m given at the replay wins)
	-h, --help  print this page

GAME RULES
	The board is 10 by 10 squares: x 0 to 9 from left to right, y 0 to 9 from top
	to bottom. Red sets up on rows y 0 to 3, Blue on rows y 6 to 9; the lakes, at
	x 2, 3, 6, 7 on rows y 4 and 5, are never entered. Each side has 40 pieces:

		Token  Piece       Number  Abilities
		1      Marshal     1       dies if the Spy attacks it
		2      General     1
		3      Colonel     2
		4      Major       3
		5      Captain     4
		6      Lieutenant  4
		7      Sergeant    4
		8      Miner       5       takes a Bomb
		9      Scout       8       moves any number of empty squares in a line
		s      Spy         1       kills the Marshal if it attacks it
		B      Bomb        6       never moves
		F      Flag        1       never moves; whoever takes it wins

	A piece moves one square up, down, left or right, onto an empty square or onto
	an enemy piece (an attack), never onto a lake or one of its own. A Scout may
	move several squares in a line: every square it passes must be empty; the last
	may hold an enemy piece, which it attacks.

	In an attack both ranks are revealed: the higher rank (the lower number) wins
	and the winner stands on the square; equal ranks both die (BOTHDIE); a Spy
	that attacks the Marshal kills it (a Marshal that attacks the Spy kills it); a
	Miner that attacks a Bomb takes it; any other piece that attacks a Bomb dies
	and the Bomb stays (the manual says both are destroyed; the 2012 program, and
	this one, keep the Bomb); any piece that attacks the Flag wins the game.

	The game ends when a Flag is taken; when, after a move, the mover's opponent
	has no piece left that can move (the mover wins, or it is a draw if the mover
	has none either); on an illegal move or a bad answer (unless -i); on SURRENDER;
	and at the turn limit. The turn counter starts at 1 and goes up after each of
	Blue's moves that does not end the game (a game ends on the turn of the move
	that ended it, whoever made it); when it reaches max_turns after Blue's move
	the game is a draw by default, on Blue's turn (so max_turns - 1 whole turns are
	played). There is no two-square or repetition rule.

PROTOCOL
	An agent reads its queries on stdin and writes its answers on stdout, one line
	each, ended by a newline. The agent that is not on move is stopped (SIGSTOP)
	until its turn.

	1. SETUP, Red first, then Blue
		Query: YOUR_COLOUR OPPONENT_NAME 10 10, e.g. "RED agents/asmodeus 10 10".
		Answer: 4 lines of 10 tokens, in board order from top to bottom: Red's
		first line is its back row (y 0), Blue's first line is its front row (y 6).
		Exactly the 40 pieces above; anything else ends the game as BAD_SETUP.

	2. TURN
		Before each move, the agent on move (only it) is sent START (Red's first
		move) or the confirmations of the moves since its last one (its own
		first), then the board: 10 lines of 10 characters, as that side sees it:
		its own pieces by token, every enemy piece # (revealed ones too), lakes +,
		empty squares . (a dot).
		Answer: X Y DIRECTION [MULTIPLIER], or SURRENDER. X and Y count from 0;
		DIRECTION is UP (y - 1), DOWN (y + 1), LEFT or RIGHT; MULTIPLIER, 1 unless
		given, may be more only for a Scout.
		Confirmation, sent to both agents: the answer as written, a space, and
			OK                         it moved to an empty square
			KILLS ATTACKER DEFENDER    it attacked and won (the two tokens)
			DIES ATTACKER DEFENDER     it attacked and lost
			BOTHDIE ATTACKER DEFENDER  equal ranks: both removed (sent by the 2012
			                           program though its manual does not list it)
			ILLEGAL                    with -i: the move was refused, the turn lost
		With -i, an answer whose direction is not one of the four is echoed with no
		outcome at all; without -i it ends the game as ILLEGAL.

	3. END
		A move that wins, draws (no piece can move) or is illegal is not confirmed;
		at the turn limit Blue's last move is. The agent on move is then sent what
		it has not yet been told and "QUIT " followed by the result line (see
		EXIT/OUTPUT), e.g.
		"QUIT agents/asmodeus BLUE DRAW_DEFAULT 40 120 117"; the other agent, still
		stopped, is sent nothing and is killed. (The manual's VICTORY, DEFEAT,
		ILLEGAL and DEFAULT messages are not what the program sends.)

	4. TIMEOUTS
		An agent has timeout seconds (-T, default 2) for each line it writes, its
		setup lines included. A late line ends the game as ILLEGAL for it (during
		setup, as BAD_SETUP), even with -i. People have no time limit.

	EXAMPLE
		The start of a game between agents/basic_cpp (Red) and agents/asmodeus
		(Blue) as Red sees it: >> what it is sent, << what it answers.

		>> RED agents/asmodeus 10 10
		<< FB8sB479B8
		<< BB31555583
		<< 6724898974
		<< 967B669999
		>> START
		>> FB8sB479B8
		>> BB31555583
		>> 6724898974
		>> 967B669999
		>> ..++..++..
		>> ..++..++..
		>> ##########
		>> ##########
		>> ##########
		>> ##########
		<< 0 3 DOWN
		>> 0 3 DOWN OK
		>> 0 6 UP OK
		>> FB8sB479B8
		>> BB31555583
		>> 6724898974
		>> .67B669999
		>> 9.++..++..
		>> #.++..++..
		>> .#########
		>> ##########
		>> ##########
		>> ##########
		<< 0 2 DOWN
		>> 0 2 DOWN OK
		>> 0 5 UP BOTHDIE 9 9

EXIT/OUTPUT
	When the game ends, stratego prints one result line on stdout (also the last
	line of the -o log, and what QUIT carries) and exits with code 0:

		NAME COLOUR OUTCOME TURN RED_VALUE BLUE_VALUE

	NAME and COLOUR (RED or BLUE) are the player whose turn it was when the game
	ended: the winner of a VICTORY, the offender of an ILLEGAL, Blue at the turn
	limit; "neither BOTH" when both setups were bad. TURN is the turn counter (0
	when the game ended in setup). RED_VALUE and BLUE_VALUE add up 11 - rank over
	each side's pieces left (Spy 1, Scout 2, ... Marshal 10; Bombs and the Flag 0):
	148 for a whole army, 0 for a side whose setup was bad. OUTCOME is one of

		VICTORY		the Flag was taken, or the opponent has no piece that can move
		ILLEGAL		an illegal move, a bad answer, a timeout, or the agent exited
		DRAW_DEFAULT	the turn counter reached max_turns (-m)
		DRAW		neither side has a piece that can move
		SURRENDER	the player answered SURRENDER
		BAD_SETUP	a bad setup (or none in time)

	The tapped game of the EXAMPLE, played with -m 40, ends

		agents/asmodeus BLUE DRAW_DEFAULT 40 120 117

	An error of stratego itself (a bad switch, a program that cannot be started, a
	log that cannot be read) is reported on stderr, with exit code 1.

LOG
	-o writes the 2012 manager's log, which -f reads back:

		NAME RED SETUP, then Red's 4 setup lines; NAME BLUE SETUP, then Blue's 4
		TURN RED: ANSWER OUTCOME     and     TURN BLU: ANSWER OUTCOME
		    (the confirmation; VICTORY_FLAG or VICTORY_ATTRITION for the move that
		    wins, ILLEGAL for the one that loses)
		Game ends on COLOUR's turn - REASON: REASON
		    (at the turn limit, in the 2012 manager's words, "Game declared a draw
		    after N turns": N is the limit a replay without -m plays to)
		the result line
`
