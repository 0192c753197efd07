// Package picture draws board pictures for the kinds (PNG boards on
// Discord and the web view). It names no game: each kind's package draws
// its own board with it.
//
// A tour:
//   - New makes a Toolkit once (the Go fonts at a few sizes, their
//     ASCII and Latin-1 glyphs drawn once and shared read-only); a kind
//     holds one in a Lazy, made on its first picture, with its pieces
//     drawn once as Sprites.
//   - Toolkit.NewCanvas starts a picture: Fill, Disc, Ring, Polygon,
//     Line, Arrow, Cross, RoundRect, Hexagon (antialiased, through
//     golang.org/x/image/vector), Text in a Size, Stamp and Paste for
//     sprites.
//   - Grid places a square board (file 0 left, rank 0 bottom, Turned for
//     the second seat) and writes its Coordinates; HexGrid places a
//     hexagonal one (Abalone's rows).
//   - Layout wraps caption Lines to a width; DrawCaption draws the strip
//     under a board.
//   - Canvas.Image is the finished picture; Encoder writes it as a PNG
//     with a palette built from the canvas's own colours first.
//
// Colours are color.RGBA, premultiplied (RGB and RGBA make them).
package picture
