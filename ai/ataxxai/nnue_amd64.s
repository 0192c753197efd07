#include "textflag.h"

// func dotAVX2(x, w *int16, blocks int, sums *[8]int32)
// Clips each unit of x to [0, 255], and sums c*c*w in eight int32 lanes:
// c*w first (it fits 16 bits while |w| <= 128), then its product with c,
// pairs added (VPMADDWD).
TEXT ·dotAVX2(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), SI
	MOVQ w+8(FP), DI
	MOVQ blocks+16(FP), CX
	MOVQ sums+24(FP), DX
	VPXOR Y5, Y5, Y5
	VPXOR Y6, Y6, Y6
	MOVL $255, AX
	MOVD AX, X7
	VPBROADCASTW X7, Y7
dotloop:
	VMOVDQU  (SI), Y0
	VPMAXSW  Y6, Y0, Y0
	VPMINSW  Y7, Y0, Y0
	VMOVDQU  (DI), Y1
	VPMULLW  Y0, Y1, Y1
	VPMADDWD Y0, Y1, Y1
	VPADDD   Y1, Y5, Y5
	ADDQ     $32, SI
	ADDQ     $32, DI
	DECQ     CX
	JNZ      dotloop
	VMOVDQU Y5, (DX)
	VZEROUPPER
	RET

// func windowAVX2(red, blue, redPlus, redMinus, bluePlus, blueMinus *int16, blocks int)
// One window's change to both views: red += redPlus - redMinus and
// blue += bluePlus - blueMinus, sixteen int16 units a block.
TEXT ·windowAVX2(SB), NOSPLIT, $0-56
	MOVQ red+0(FP), DI
	MOVQ blue+8(FP), R8
	MOVQ redPlus+16(FP), SI
	MOVQ redMinus+24(FP), DX
	MOVQ bluePlus+32(FP), R9
	MOVQ blueMinus+40(FP), R10
	MOVQ blocks+48(FP), CX
windowloop:
	VMOVDQU (DI), Y0
	VPADDW  (SI), Y0, Y0
	VPSUBW  (DX), Y0, Y0
	VMOVDQU Y0, (DI)
	VMOVDQU (R8), Y1
	VPADDW  (R9), Y1, Y1
	VPSUBW  (R10), Y1, Y1
	VMOVDQU Y1, (R8)
	ADDQ    $32, DI
	ADDQ    $32, R8
	ADDQ    $32, SI
	ADDQ    $32, DX
	ADDQ    $32, R9
	ADDQ    $32, R10
	DECQ    CX
	JNZ     windowloop
	VZEROUPPER
	RET
