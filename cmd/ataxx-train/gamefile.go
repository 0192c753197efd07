package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/ataxxbot/ataxxbot/engine/ataxx"
)

// A games file, as datagen writes it, holds self-play games: each from the
// standard start with its blocks, every move, and the search's score of
// every searched position. All integers are little endian.
//
//	header  "ATXGAME1" (the magic; the digit is the version), then the
//	        flags that made the games (genConfig, 32 bytes; bytes 28-29
//	        the opening's balance bound, zero in files from before it) and a
//	        CRC-32C of those 32 bytes: 44 bytes in all
//	frames  one a game, in the order the games finished: uint32 n, n
//	        bytes of payload, uint32 CRC-32C of the payload
//	payload uvarint game index; uint64 blocks (a bitboard: bit i is
//	        square i); uvarint number of plies; per ply a uint16 move
//	        (ataxx.Move in bits 0-14, canonical; bit 15 set: a random
//	        move, no score follows) and, when searched, the search's score
//	        for the side to move as a zigzag varint (hundredths of a
//	        piece; beyond ±provenScore a proven win or loss); then one
//	        byte, the outcome (1 Red won, 2 Blue won, 3 drawn) plus
//	        adjudicated (4) when the game was stopped before the rules
//	        ended it (a proven win, or the ply cap scored by count)
//
// A game starts from the standard start (Red to move, the clocks at zero)
// with its blocks, under the header's rules, so replaying its moves gives
// every position. A searched position costs three or four bytes.
//
// A frame is written whole with one write when its game ends, so a file
// cut short by a crash loses at most its last frame, which readers drop
// (see readGames).
const gamesMagic = "ATXGAME1"

// Sizes of the format.
const (
	genConfigSize   = 32
	gamesHeaderSize = len(gamesMagic) + genConfigSize + 4
	// maxPayload bounds a frame: a game of maxPlies plies of six bytes
	// and change.
	maxPayload = 16 + 8 + 8*maxPlies + 1
	// maxPlies caps a game (scored by count, adjudicated).
	maxPlies = 1000
)

// randomMove marks a ply's move as played at random (it has no score).
const randomMove = 1 << 15

// Outcome byte flags.
const adjudicated = 4

// provenScore: a score beyond it (ataxxai.MateScore less the deepest
// ply) is a proven win or loss.
const provenScore = 30000 - 128

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Errors of games files.
var (
	// errGamesFile reports bytes that are not a games file.
	errGamesFile = errors.New("not a games file")
	// errOtherFlags reports a games file made with other flags than
	// those asked for.
	errOtherFlags = errors.New("the games file was made with other flags")
)

// genConfig is what determines the games of a file, with the game's
// index: the header records it, and a resumed run must ask for the same.
type genConfig struct {
	Seed       uint64
	Net        uint64 // FNV-1a of the network file the search evaluates with; 0: the linear evaluation
	Nodes      uint32 // searched for each move
	HashMB     uint16 // the search's transposition table
	OpenMin    uint8  // fewest random plies at the start
	OpenMax    uint8  // most random plies at the start
	MidRandom  uint8  // most random plies later in the game
	BlockShare uint8  // percent of games from a layout of blocks
	Rules      uint8  // ataxx.Rules
	MaxBlocks  uint8  // most squares (each with its reflections) of a layout
	// Balance bounds the opening: one whose searched score is further
	// from level (hundredths of a piece) is drawn again; 0: any opening.
	Balance uint16
}

func (c genConfig) append(b []byte) []byte {
	start := len(b)
	b = binary.LittleEndian.AppendUint64(b, c.Seed)
	b = binary.LittleEndian.AppendUint64(b, c.Net)
	b = binary.LittleEndian.AppendUint32(b, c.Nodes)
	b = binary.LittleEndian.AppendUint16(b, c.HashMB)
	b = append(b, c.OpenMin, c.OpenMax, c.MidRandom, c.BlockShare, c.Rules, c.MaxBlocks)
	b = binary.LittleEndian.AppendUint16(b, c.Balance)
	for len(b)-start < genConfigSize {
		b = append(b, 0)
	}
	return b
}

func parseGenConfig(b []byte) genConfig {
	return genConfig{
		Seed: binary.LittleEndian.Uint64(b), Net: binary.LittleEndian.Uint64(b[8:]),
		Nodes: binary.LittleEndian.Uint32(b[16:]), HashMB: binary.LittleEndian.Uint16(b[20:]),
		OpenMin: b[22], OpenMax: b[23], MidRandom: b[24], BlockShare: b[25], Rules: b[26], MaxBlocks: b[27],
		Balance: binary.LittleEndian.Uint16(b[28:]),
	}
}

// appendGamesHeader appends the header of a games file made with c.
func appendGamesHeader(b []byte, c genConfig) []byte {
	b = append(b, gamesMagic...)
	start := len(b)
	b = c.append(b)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b[start:], castagnoli))
}

// ply is one move of a game: searched (with the score of the position
// before it) or random.
type ply struct {
	move   ataxx.Move
	score  int16
	random bool
}

// gameRecord is one game of a games file.
type gameRecord struct {
	index       uint64
	blocks      ataxx.Bitboard
	plies       []ply
	outcome     ataxx.Outcome
	adjudicated bool
}

// appendFrame appends g's frame.
func (g *gameRecord) appendFrame(b []byte) []byte {
	start := len(b)
	b = append(b, 0, 0, 0, 0)
	b = binary.AppendUvarint(b, g.index)
	b = binary.LittleEndian.AppendUint64(b, uint64(g.blocks))
	b = binary.AppendUvarint(b, uint64(len(g.plies)))
	for _, p := range g.plies {
		m := uint16(p.move)
		if p.random {
			b = binary.LittleEndian.AppendUint16(b, m|randomMove)
			continue
		}
		b = binary.LittleEndian.AppendUint16(b, m)
		b = binary.AppendVarint(b, int64(p.score))
	}
	o := byte(g.outcome)
	if g.adjudicated {
		o |= adjudicated
	}
	b = append(b, o)
	payload := b[start+4:]
	binary.LittleEndian.PutUint32(b[start:], uint32(len(payload)))
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(payload, castagnoli))
}

// parsePayload reads a frame's payload. It checks the encoding, not the
// moves (see replay).
func parsePayload(b []byte) (gameRecord, error) {
	var g gameRecord
	bad := func(what string) (gameRecord, error) {
		return gameRecord{}, fmt.Errorf("%w: a game's %s", errGamesFile, what)
	}
	var n int
	if g.index, n = binary.Uvarint(b); n <= 0 || n != uvarintLen(g.index) {
		return bad("index")
	}
	b = b[n:]
	if len(b) < 8 {
		return bad("blocks")
	}
	g.blocks = ataxx.Bitboard(binary.LittleEndian.Uint64(b))
	if g.blocks&^ataxx.AllSquares != 0 {
		return bad("blocks")
	}
	b = b[8:]
	plies, n := binary.Uvarint(b)
	if n <= 0 || n != uvarintLen(plies) || plies > maxPlies {
		return bad("number of plies")
	}
	b = b[n:]
	g.plies = make([]ply, plies)
	for i := range g.plies {
		if len(b) < 2 {
			return bad("moves")
		}
		m := binary.LittleEndian.Uint16(b)
		b = b[2:]
		p := &g.plies[i]
		p.move, p.random = ataxx.Move(m&^randomMove), m&randomMove != 0
		if p.random {
			continue
		}
		s, n := binary.Varint(b)
		if n <= 0 || n != varintLen(s) || s < -32767 || s > 32767 {
			return bad("scores")
		}
		p.score = int16(s)
		b = b[n:]
	}
	if len(b) != 1 {
		return bad("end")
	}
	g.outcome, g.adjudicated = ataxx.Outcome(b[0]&^adjudicated), b[0]&adjudicated != 0
	if g.outcome < ataxx.RedWins || g.outcome > ataxx.Draw || b[0]&^(adjudicated|3) != 0 {
		return bad("outcome")
	}
	return g, nil
}

// uvarintLen and varintLen are the lengths of the shortest encodings,
// the only ones a reader accepts (so that a file has one reading and
// writes back the same).
func uvarintLen(x uint64) int { return len(binary.AppendUvarint(nil, x)) }
func varintLen(x int64) int   { return len(binary.AppendVarint(nil, x)) }

// gamesFile is what readGames found in a games file.
type gamesFile struct {
	config genConfig
	games  []gameRecord
	// whole is the length of the header and the whole frames; a file
	// longer than that ends in a frame cut short (torn), which a writer
	// truncates before appending.
	whole int
}

// readGames reads a games file. A last frame cut short, or whose checksum
// fails, is a write the writer did not finish, and zeros after the last
// frame are what a crash can leave: they are dropped (whole says where
// the whole frames end). Anything else amiss is an error wrapping
// errGamesFile.
func readGames(b []byte) (gamesFile, error) {
	var f gamesFile
	if len(b) < gamesHeaderSize || string(b[:len(gamesMagic)]) != gamesMagic {
		return f, fmt.Errorf("%w: no header", errGamesFile)
	}
	conf := b[len(gamesMagic) : len(gamesMagic)+genConfigSize]
	if crc32.Checksum(conf, castagnoli) != binary.LittleEndian.Uint32(b[len(gamesMagic)+genConfigSize:]) {
		return f, fmt.Errorf("%w: the header's checksum fails", errGamesFile)
	}
	f.config = parseGenConfig(conf)
	if !allZero(conf[30:]) {
		return f, fmt.Errorf("%w: the header's reserved bytes are not zero", errGamesFile)
	}
	at := gamesHeaderSize
	f.whole = at
	for at < len(b) {
		if len(b)-at < 4 || allZero(b[at:]) {
			break // torn, or zeros where a crash left the file longer than its data
		}
		n := int(binary.LittleEndian.Uint32(b[at:]))
		if n > maxPayload {
			return f, fmt.Errorf("%w: a frame of %d bytes at offset %d", errGamesFile, n, at)
		}
		end := at + 4 + n + 4
		if end > len(b) {
			break // torn
		}
		payload := b[at+4 : at+4+n]
		if crc32.Checksum(payload, castagnoli) != binary.LittleEndian.Uint32(b[at+4+n:]) {
			if end == len(b) {
				break // the last write, not finished
			}
			return f, fmt.Errorf("%w: the checksum of the frame at offset %d fails", errGamesFile, at)
		}
		g, err := parsePayload(payload)
		if err != nil {
			return f, fmt.Errorf("frame at offset %d: %w", at, err)
		}
		f.games = append(f.games, g)
		at = end
		f.whole = at
	}
	return f, nil
}

func allZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// startPosition is where every game begins: the standard start, under
// rules, with blocks.
func startPosition(rules ataxx.Rules, blocks ataxx.Bitboard) (ataxx.Position, error) {
	pos := ataxx.NewPosition()
	pos.SetRules(rules)
	if err := pos.AddBlocks(blocks); err != nil {
		return pos, fmt.Errorf("%w: %w", errGamesFile, err)
	}
	return pos, nil
}

// replay plays g's moves under rules, calling visit with each position
// before its ply is made. A move that is not legal (or not canonical)
// there is an error.
func (g *gameRecord) replay(rules ataxx.Rules, visit func(pos *ataxx.Position, p ply)) error {
	pos, err := startPosition(rules, g.blocks)
	if err != nil {
		return err
	}
	for i, p := range g.plies {
		if p.move != p.move.Canonical() {
			return fmt.Errorf("%w: game %d, ply %d: a move not as the generator makes it", errGamesFile, g.index, i)
		}
		if err := pos.Legal(p.move); err != nil {
			return fmt.Errorf("%w: game %d, ply %d: %w", errGamesFile, g.index, i, err)
		}
		visit(&pos, p)
		pos.MakeMove(p.move)
	}
	return nil
}
