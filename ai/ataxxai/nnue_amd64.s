#include "textflag.h"

// func dotAVX2(x, w *int16, blocks int, sums *[8]int32)
// Clips each unit of x to [0, 255], and sums c*c*w in eight int32 lanes:
// c*w first (it fits 16 bits while |w| <= 128), then its product with c,
// pairs added (VPMADDWD). Every vector instruction here is VEX-encoded:
// on Intel cores one legacy SSE instruction among AVX ones (a MOVD here
// once) costs hundreds of cycles a call.
TEXT ·dotAVX2(SB), NOSPLIT, $0-32
	MOVQ x+0(FP), SI
	MOVQ w+8(FP), DI
	MOVQ blocks+16(FP), CX
	MOVQ sums+24(FP), DX
	VPXOR Y5, Y5, Y5
	VPXOR Y6, Y6, Y6
	MOVL $255, AX
	VMOVD AX, X7
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

// func rowsAVX2(dst, src, base *int16, plus *uint32, nplus int, minus *uint32, nminus int, blocks int)
// One view of a position from another's: dst = src + the rows at the
// byte offsets plus - the rows at the byte offsets minus (each from
// base), sixteen int16 units a block. Eight blocks at a time stay in
// registers while every row is added, so the view is read and written
// once whatever the number of rows.
TEXT ·rowsAVX2(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ base+16(FP), R8
	MOVQ plus+24(FP), R9
	MOVQ nplus+32(FP), R10
	MOVQ minus+40(FP), R11
	MOVQ nminus+48(FP), R12
	MOVQ blocks+56(FP), CX
	XORQ R13, R13
rows8:
	CMPQ CX, $8
	JLT  rows1
	VMOVDQU 0(SI)(R13*1), Y0
	VMOVDQU 32(SI)(R13*1), Y1
	VMOVDQU 64(SI)(R13*1), Y2
	VMOVDQU 96(SI)(R13*1), Y3
	VMOVDQU 128(SI)(R13*1), Y4
	VMOVDQU 160(SI)(R13*1), Y5
	VMOVDQU 192(SI)(R13*1), Y6
	VMOVDQU 224(SI)(R13*1), Y7
	LEAQ (R8)(R13*1), DX
	XORQ BX, BX
plus8:
	CMPQ BX, R10
	JGE  minus8start
	MOVL (R9)(BX*4), AX
	ADDQ DX, AX
	VPADDW 0(AX), Y0, Y0
	VPADDW 32(AX), Y1, Y1
	VPADDW 64(AX), Y2, Y2
	VPADDW 96(AX), Y3, Y3
	VPADDW 128(AX), Y4, Y4
	VPADDW 160(AX), Y5, Y5
	VPADDW 192(AX), Y6, Y6
	VPADDW 224(AX), Y7, Y7
	INCQ BX
	JMP  plus8
minus8start:
	XORQ BX, BX
minus8:
	CMPQ BX, R12
	JGE  store8
	MOVL (R11)(BX*4), AX
	ADDQ DX, AX
	VPSUBW 0(AX), Y0, Y0
	VPSUBW 32(AX), Y1, Y1
	VPSUBW 64(AX), Y2, Y2
	VPSUBW 96(AX), Y3, Y3
	VPSUBW 128(AX), Y4, Y4
	VPSUBW 160(AX), Y5, Y5
	VPSUBW 192(AX), Y6, Y6
	VPSUBW 224(AX), Y7, Y7
	INCQ BX
	JMP  minus8
store8:
	VMOVDQU Y0, 0(DI)(R13*1)
	VMOVDQU Y1, 32(DI)(R13*1)
	VMOVDQU Y2, 64(DI)(R13*1)
	VMOVDQU Y3, 96(DI)(R13*1)
	VMOVDQU Y4, 128(DI)(R13*1)
	VMOVDQU Y5, 160(DI)(R13*1)
	VMOVDQU Y6, 192(DI)(R13*1)
	VMOVDQU Y7, 224(DI)(R13*1)
	ADDQ $256, R13
	SUBQ $8, CX
	JMP  rows8
rows1:
	TESTQ CX, CX
	JZ    rowsdone
	VMOVDQU (SI)(R13*1), Y0
	LEAQ (R8)(R13*1), DX
	XORQ BX, BX
plus1:
	CMPQ BX, R10
	JGE  minus1start
	MOVL (R9)(BX*4), AX
	VPADDW (DX)(AX*1), Y0, Y0
	INCQ BX
	JMP  plus1
minus1start:
	XORQ BX, BX
minus1:
	CMPQ BX, R12
	JGE  store1
	MOVL (R11)(BX*4), AX
	VPSUBW (DX)(AX*1), Y0, Y0
	INCQ BX
	JMP  minus1
store1:
	VMOVDQU Y0, (DI)(R13*1)
	ADDQ $32, R13
	DECQ CX
	JMP  rows1
rowsdone:
	VZEROUPPER
	RET
