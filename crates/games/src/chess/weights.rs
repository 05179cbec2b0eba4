//! The weights of the chess evaluation ([`super::eval`]): one `(middlegame, endgame)` pair
//! of centipawns per term, indexed as [`super::eval::weight_name`] names them (the comment on
//! each line). This file is the output of [`super::eval::weights_source`] (a test keeps it
//! so): a tuner writes it through that function.
//!
//! The piece-square entries (material plus square bonus) started as PeSTO's tables and
//! material values, by Ronald Friederich, as published on chessprogramming.org ("PeSTO's
//! Evaluation Function", <https://www.chessprogramming.org/PeSTO%27s_Evaluation_Function>),
//! tuned by him with Texel's method for his engines PeSTO and RofChade and shared there for
//! reuse.

use super::eval::WEIGHT_COUNT;

/// Every weight of the evaluation, `(middlegame, endgame)`, by index.
#[rustfmt::skip]
pub const WEIGHTS: [(i32, i32); WEIGHT_COUNT] = [
    (82, 94), // pst pawn a1
    (82, 94), // pst pawn b1
    (82, 94), // pst pawn c1
    (82, 94), // pst pawn d1
    (82, 94), // pst pawn e1
    (82, 94), // pst pawn f1
    (82, 94), // pst pawn g1
    (82, 94), // pst pawn h1
    (52, 105), // pst pawn a2
    (75, 103), // pst pawn b2
    (67, 112), // pst pawn c2
    (61, 108), // pst pawn d2
    (60, 112), // pst pawn e2
    (95, 99), // pst pawn f2
    (110, 87), // pst pawn g2
    (54, 101), // pst pawn h2
    (61, 95), // pst pawn a3
    (65, 106), // pst pawn b3
    (76, 100), // pst pawn c3
    (57, 96), // pst pawn d3
    (73, 93), // pst pawn e3
    (67, 96), // pst pawn f3
    (97, 86), // pst pawn g3
    (61, 89), // pst pawn h3
    (57, 110), // pst pawn a4
    (62, 107), // pst pawn b4
    (71, 101), // pst pawn c4
    (88, 76), // pst pawn d4
    (88, 88), // pst pawn e4
    (89, 85), // pst pawn f4
    (79, 91), // pst pawn g4
    (52, 102), // pst pawn h4
    (67, 116), // pst pawn a5
    (82, 118), // pst pawn b5
    (81, 98), // pst pawn c5
    (106, 80), // pst pawn d5
    (100, 83), // pst pawn e5
    (93, 83), // pst pawn f5
    (94, 98), // pst pawn g5
    (55, 115), // pst pawn h5
    (73, 172), // pst pawn a6
    (72, 170), // pst pawn b6
    (107, 164), // pst pawn c6
    (117, 120), // pst pawn d6
    (121, 120), // pst pawn e6
    (148, 143), // pst pawn f6
    (88, 160), // pst pawn g6
    (93, 166), // pst pawn h6
    (200, 248), // pst pawn a7
    (186, 240), // pst pawn b7
    (169, 224), // pst pawn c7
    (178, 194), // pst pawn d7
    (164, 209), // pst pawn e7
    (172, 222), // pst pawn f7
    (106, 245), // pst pawn g7
    (89, 256), // pst pawn h7
    (82, 94), // pst pawn a8
    (82, 94), // pst pawn b8
    (82, 94), // pst pawn c8
    (82, 94), // pst pawn d8
    (82, 94), // pst pawn e8
    (82, 94), // pst pawn f8
    (82, 94), // pst pawn g8
    (82, 94), // pst pawn h8
    (232, 252), // pst knight a1
    (310, 230), // pst knight b1
    (277, 274), // pst knight c1
    (316, 281), // pst knight d1
    (350, 236), // pst knight e1
    (330, 240), // pst knight f1
    (321, 267), // pst knight g1
    (314, 217), // pst knight h1
    (294, 253), // pst knight a2
    (312, 296), // pst knight b2
    (333, 265), // pst knight c2
    (335, 270), // pst knight d2
    (332, 283), // pst knight e2
    (344, 261), // pst knight f2
    (350, 257), // pst knight g2
    (316, 234), // pst knight h2
    (316, 267), // pst knight a3
    (335, 276), // pst knight b3
    (331, 284), // pst knight c3
    (352, 284), // pst knight d3
    (342, 304), // pst knight e3
    (348, 279), // pst knight f3
    (350, 257), // pst knight g3
    (325, 279), // pst knight h3
    (330, 287), // pst knight a4
    (322, 277), // pst knight b4
    (349, 295), // pst knight c4
    (363, 298), // pst knight d4
    (366, 290), // pst knight e4
    (354, 292), // pst knight f4
    (340, 279), // pst knight g4
    (327, 286), // pst knight h4
    (330, 271), // pst knight a5
    (340, 286), // pst knight b5
    (355, 302), // pst knight c5
    (381, 300), // pst knight d5
    (366, 309), // pst knight e5
    (393, 292), // pst knight f5
    (354, 280), // pst knight g5
    (385, 274), // pst knight h5
    (325, 295), // pst knight a6
    (368, 255), // pst knight b6
    (364, 294), // pst knight c6
    (388, 304), // pst knight d6
    (413, 279), // pst knight e6
    (432, 279), // pst knight f6
    (390, 268), // pst knight g6
    (338, 274), // pst knight h6
    (302, 283), // pst knight a7
    (324, 279), // pst knight b7
    (384, 245), // pst knight c7
    (389, 302), // pst knight d7
    (365, 287), // pst knight e7
    (389, 262), // pst knight f7
    (334, 282), // pst knight g7
    (357, 223), // pst knight h7
    (161, 212), // pst knight a8
    (248, 243), // pst knight b8
    (267, 287), // pst knight c8
    (272, 247), // pst knight d8
    (413, 270), // pst knight e8
    (240, 254), // pst knight f8
    (322, 218), // pst knight g8
    (264, 206), // pst knight h8
    (303, 307), // pst bishop a1
    (375, 322), // pst bishop b1
    (355, 283), // pst bishop c1
    (348, 297), // pst bishop d1
    (391, 299), // pst bishop e1
    (345, 305), // pst bishop f1
    (324, 275), // pst bishop g1
    (356, 300), // pst bishop h1
    (404, 245), // pst bishop a2
    (373, 284), // pst bishop b2
    (378, 287), // pst bishop c2
    (362, 310), // pst bishop d2
    (372, 293), // pst bishop e2
    (392, 271), // pst bishop f2
    (391, 278), // pst bishop g2
    (356, 302), // pst bishop h2
    (360, 300), // pst bishop a3
    (372, 281), // pst bishop b3
    (370, 307), // pst bishop c3
    (368, 314), // pst bishop d3
    (367, 317), // pst bishop e3
    (384, 294), // pst bishop f3
    (388, 289), // pst bishop g3
    (368, 287), // pst bishop h3
    (365, 271), // pst bishop a4
    (385, 290), // pst bishop b4
    (375, 311), // pst bishop c4
    (382, 316), // pst bishop d4
    (385, 313), // pst bishop e4
    (361, 311), // pst bishop f4
    (367, 297), // pst bishop g4
    (366, 281), // pst bishop h4
    (372, 261), // pst bishop a5
    (369, 303), // pst bishop b5
    (372, 309), // pst bishop c5
    (406, 299), // pst bishop d5
    (391, 319), // pst bishop e5
    (399, 289), // pst bishop f5
    (359, 323), // pst bishop g5
    (347, 299), // pst bishop h5
    (368, 301), // pst bishop a6
    (369, 293), // pst bishop b6
    (380, 302), // pst bishop c6
    (403, 306), // pst bishop d6
    (406, 290), // pst bishop e6
    (379, 317), // pst bishop f6
    (379, 303), // pst bishop g6
    (355, 321), // pst bishop h6
    (328, 285), // pst bishop a7
    (354, 286), // pst bishop b7
    (351, 326), // pst bishop c7
    (370, 295), // pst bishop d7
    (383, 276), // pst bishop e7
    (411, 286), // pst bishop f7
    (377, 325), // pst bishop g7
    (292, 311), // pst bishop h7
    (321, 319), // pst bishop a8
    (361, 293), // pst bishop b8
    (254, 315), // pst bishop c8
    (305, 289), // pst bishop d8
    (362, 313), // pst bishop e8
    (306, 277), // pst bishop f8
    (334, 253), // pst bishop g8
    (374, 308), // pst bishop h8
    (463, 502), // pst rook a1
    (473, 497), // pst rook b1
    (469, 515), // pst rook c1
    (483, 498), // pst rook d1
    (485, 494), // pst rook e1
    (481, 499), // pst rook f1
    (453, 505), // pst rook g1
    (464, 486), // pst rook h1
    (449, 527), // pst rook a2
    (449, 522), // pst rook b2
    (466, 507), // pst rook c2
    (465, 496), // pst rook d2
    (470, 502), // pst rook e2
    (486, 495), // pst rook f2
    (478, 503), // pst rook g2
    (419, 504), // pst rook h2
    (461, 531), // pst rook a3
    (462, 521), // pst rook b3
    (460, 523), // pst rook c3
    (452, 517), // pst rook d3
    (478, 526), // pst rook e3
    (473, 496), // pst rook f3
    (470, 491), // pst rook g3
    (457, 508), // pst rook h3
    (458, 521), // pst rook a4
    (428, 540), // pst rook b4
    (454, 537), // pst rook c4
    (462, 518), // pst rook d4
    (455, 521), // pst rook e4
    (452, 525), // pst rook f4
    (455, 514), // pst rook g4
    (458, 517), // pst rook h4
    (456, 533), // pst rook a5
    (480, 526), // pst rook b5
    (508, 512), // pst rook c5
    (488, 523), // pst rook d5
    (487, 526), // pst rook e5
    (503, 518), // pst rook f5
    (444, 522), // pst rook g5
    (450, 525), // pst rook h5
    (476, 543), // pst rook a6
    (488, 535), // pst rook b6
    (482, 534), // pst rook c6
    (482, 541), // pst rook d6
    (481, 531), // pst rook e6
    (544, 518), // pst rook f6
    (501, 522), // pst rook g6
    (475, 529), // pst rook h6
    (500, 541), // pst rook a7
    (476, 554), // pst rook b7
    (506, 527), // pst rook c7
    (503, 538), // pst rook d7
    (524, 518), // pst rook e7
    (520, 533), // pst rook f7
    (473, 553), // pst rook g7
    (513, 533), // pst rook h7
    (520, 530), // pst rook a8
    (495, 540), // pst rook b8
    (512, 525), // pst rook c8
    (532, 513), // pst rook d8
    (525, 506), // pst rook e8
    (512, 528), // pst rook f8
    (529, 533), // pst rook g8
    (480, 535), // pst rook h8
    (1018, 907), // pst queen a1
    (1013, 921), // pst queen b1
    (1030, 881), // pst queen c1
    (1040, 883), // pst queen d1
    (1019, 906), // pst queen e1
    (1011, 877), // pst queen f1
    (1006, 902), // pst queen g1
    (975, 895), // pst queen h1
    (1003, 930), // pst queen a2
    (1023, 919), // pst queen b2
    (1047, 880), // pst queen c2
    (1041, 901), // pst queen d2
    (1050, 892), // pst queen e2
    (1030, 902), // pst queen f2
    (1048, 907), // pst queen g2
    (1057, 899), // pst queen h2
    (999, 944), // pst queen a3
    (1040, 924), // pst queen b3
    (1031, 946), // pst queen c3
    (1020, 959), // pst queen d3
    (1028, 944), // pst queen e3
    (1031, 971), // pst queen f3
    (1031, 936), // pst queen g3
    (1022, 959), // pst queen h3
    (1018, 939), // pst queen a4
    (1005, 975), // pst queen b4
    (1021, 987), // pst queen c4
    (1028, 979), // pst queen d4
    (1038, 971), // pst queen e4
    (1032, 971), // pst queen f4
    (1034, 943), // pst queen g4
    (1017, 961), // pst queen h4
    (1017, 972), // pst queen a5
    (1022, 991), // pst queen b5
    (1020, 992), // pst queen c5
    (1022, 997), // pst queen d5
    (1016, 1005), // pst queen e5
    (1025, 1004), // pst queen f5
    (1026, 976), // pst queen g5
    (1042, 973), // pst queen h5
    (1034, 926), // pst queen a6
    (1024, 959), // pst queen b6
    (1036, 967), // pst queen c6
    (1011, 1016), // pst queen d6
    (1070, 971), // pst queen e6
    (1055, 990), // pst queen f6
    (1049, 964), // pst queen g6
    (1051, 914), // pst queen h6
    (1015, 942), // pst queen a7
    (1015, 980), // pst queen b7
    (1027, 1002), // pst queen c7
    (1031, 985), // pst queen d7
    (1006, 1004), // pst queen e7
    (1048, 980), // pst queen f7
    (1043, 967), // pst queen g7
    (1059, 962), // pst queen h7
    (1014, 935), // pst queen a8
    (991, 992), // pst queen b8
    (1050, 940), // pst queen c8
    (1050, 942), // pst queen d8
    (1062, 928), // pst queen e8
    (1087, 961), // pst queen f8
    (1035, 918), // pst queen g8
    (1047, 931), // pst queen h8
    (7, -53), // pst king a1
    (32, -36), // pst king b1
    (14, -22), // pst king c1
    (-48, -9), // pst king d1
    (-2, -27), // pst king e1
    (-30, -16), // pst king f1
    (34, -27), // pst king g1
    (26, -55), // pst king h1
    (-7, -22), // pst king a2
    (3, -12), // pst king b2
    (-10, -8), // pst king c2
    (-42, 9), // pst king d2
    (-30, 5), // pst king e2
    (-8, 2), // pst king f2
    (10, -1), // pst king g2
    (32, -19), // pst king h2
    (-31, 2), // pst king a3
    (18, -13), // pst king b3
    (-36, 5), // pst king c3
    (-58, 22), // pst king d3
    (-47, 19), // pst king e3
    (-32, 14), // pst king f3
    (5, 4), // pst king g3
    (-6, -8), // pst king h3
    (-28, -26), // pst king a4
    (27, -8), // pst king b4
    (-14, 16), // pst king c4
    (-64, 22), // pst king d4
    (-78, 31), // pst king e4
    (-31, 23), // pst king f4
    (-53, 24), // pst king g4
    (-84, 3), // pst king h4
    (-11, -7), // pst king a5
    (0, 21), // pst king b5
    (-32, 28), // pst king c5
    (-58, 36), // pst king d5
    (-67, 33), // pst king e5
    (-36, 23), // pst king f5
    (-47, 40), // pst king g5
    (-57, 22), // pst king h5
    (2, 22), // pst king a6
    (41, 34), // pst king b6
    (0, 36), // pst king c6
    (-29, 41), // pst king d6
    (-33, 50), // pst king e6
    (-25, 22), // pst king f6
    (-14, 4), // pst king g6
    (-25, 37), // pst king h6
    (29, -12), // pst king a7
    (17, 26), // pst king b7
    (2, 37), // pst king c7
    (-5, 30), // pst king d7
    (15, 55), // pst king e7
    (-3, 43), // pst king f7
    (-58, 35), // pst king g7
    (-28, -13), // pst king h7
    (-65, -74), // pst king a8
    (23, -35), // pst king b8
    (16, -18), // pst king c8
    (-15, -18), // pst king d8
    (-56, -11), // pst king e8
    (-34, 15), // pst king f8
    (2, 4), // pst king g8
    (13, -17), // pst king h8
    (-38, -30), // mobility knight 0
    (-18, -17), // mobility knight 1
    (-6, 2), // mobility knight 2
    (-2, 22), // mobility knight 3
    (5, 28), // mobility knight 4
    (8, 34), // mobility knight 5
    (17, 32), // mobility knight 6
    (22, 28), // mobility knight 7
    (41, 9), // mobility knight 8
    (-48, -57), // mobility bishop 0
    (-32, -23), // mobility bishop 1
    (-22, -9), // mobility bishop 2
    (-12, -2), // mobility bishop 3
    (-8, 15), // mobility bishop 4
    (-3, 23), // mobility bishop 5
    (3, 21), // mobility bishop 6
    (6, 27), // mobility bishop 7
    (15, 28), // mobility bishop 8
    (12, 28), // mobility bishop 9
    (28, 34), // mobility bishop 10
    (34, 18), // mobility bishop 11
    (65, 14), // mobility bishop 12
    (23, 3), // mobility bishop 13
    (-29, -59), // mobility rook 0
    (-16, -22), // mobility rook 1
    (-19, -8), // mobility rook 2
    (-12, -1), // mobility rook 3
    (-4, 1), // mobility rook 4
    (-3, 15), // mobility rook 5
    (-1, 20), // mobility rook 6
    (0, 27), // mobility rook 7
    (4, 32), // mobility rook 8
    (2, 35), // mobility rook 9
    (14, 35), // mobility rook 10
    (13, 40), // mobility rook 11
    (4, 49), // mobility rook 12
    (-7, 52), // mobility rook 13
    (43, 9), // mobility rook 14
    (-30, -43), // mobility queen 0
    (-17, -43), // mobility queen 1
    (-5, -53), // mobility queen 2
    (-11, -22), // mobility queen 3
    (-6, -16), // mobility queen 4
    (-1, -39), // mobility queen 5
    (-4, -7), // mobility queen 6
    (-2, -4), // mobility queen 7
    (-1, 8), // mobility queen 8
    (2, 24), // mobility queen 9
    (1, 21), // mobility queen 10
    (6, 10), // mobility queen 11
    (6, 29), // mobility queen 12
    (8, 28), // mobility queen 13
    (16, 31), // mobility queen 14
    (9, 29), // mobility queen 15
    (13, 35), // mobility queen 16
    (20, 30), // mobility queen 17
    (27, 23), // mobility queen 18
    (43, 4), // mobility queen 19
    (38, 2), // mobility queen 20
    (41, 1), // mobility queen 21
    (29, -8), // mobility queen 22
    (19, -11), // mobility queen 23
    (11, 22), // mobility queen 24
    (12, 24), // mobility queen 25
    (13, 26), // mobility queen 26
    (14, 28), // mobility queen 27
    (28, 63), // bishop pair
    (-11, -12), // doubled pawn
    (-8, -8), // isolated pawn
    (-9, -12), // backward pawn
    (0, 0), // phalanx pawn rank 1
    (0, 0), // phalanx pawn rank 2
    (4, 5), // phalanx pawn rank 3
    (13, 4), // phalanx pawn rank 4
    (14, 33), // phalanx pawn rank 5
    (72, 66), // phalanx pawn rank 6
    (50, 50), // phalanx pawn rank 7
    (0, 0), // phalanx pawn rank 8
    (0, 0), // supported pawn rank 1
    (0, 0), // supported pawn rank 2
    (-1, 11), // supported pawn rank 3
    (13, 5), // supported pawn rank 4
    (19, 12), // supported pawn rank 5
    (62, 22), // supported pawn rank 6
    (77, 57), // supported pawn rank 7
    (0, 0), // supported pawn rank 8
    (0, 0), // passed pawn rank 1
    (18, -21), // passed pawn rank 2
    (-8, 14), // passed pawn rank 3
    (-6, 36), // passed pawn rank 4
    (-7, 66), // passed pawn rank 5
    (8, 46), // passed pawn rank 6
    (14, 10), // passed pawn rank 7
    (0, 0), // passed pawn rank 8
    (0, 0), // passed pawn free path rank 1
    (-18, 9), // passed pawn free path rank 2
    (-16, -2), // passed pawn free path rank 3
    (-17, 14), // passed pawn free path rank 4
    (6, 30), // passed pawn free path rank 5
    (9, 53), // passed pawn free path rank 6
    (48, 69), // passed pawn free path rank 7
    (0, 0), // passed pawn free path rank 8
    (23, 15), // passed pawn own king distance 0
    (-45, 34), // passed pawn own king distance 1
    (-14, 8), // passed pawn own king distance 2
    (-11, -10), // passed pawn own king distance 3
    (1, -27), // passed pawn own king distance 4
    (19, -38), // passed pawn own king distance 5
    (30, -43), // passed pawn own king distance 6
    (-17, -26), // passed pawn own king distance 7
    (-29, -41), // passed pawn enemy king distance 0
    (38, -37), // passed pawn enemy king distance 1
    (2, 0), // passed pawn enemy king distance 2
    (2, 19), // passed pawn enemy king distance 3
    (4, 30), // passed pawn enemy king distance 4
    (-9, 46), // passed pawn enemy king distance 5
    (-7, 49), // passed pawn enemy king distance 6
    (-28, 70), // passed pawn enemy king distance 7
    (28, -13), // pawn shield rank 2
    (26, -9), // pawn shield rank 3
    (5, 3), // king attackers 0
    (-9, -1), // king attackers 1
    (12, -3), // king attackers 2
    (27, 1), // king attackers 3
    (45, 0), // king attackers 4
    (65, 0), // king attackers 5
    (80, 0), // king attackers 6
    (90, 0), // king attackers 7
    (4, -1), // king zone attacks by knight
    (4, 3), // king zone attacks by bishop
    (14, -6), // king zone attacks by rook
    (11, 21), // king zone attacks by queen
    (10, 4), // threat by pawn on knight
    (9, 3), // threat by pawn on bishop
    (0, 0), // threat by pawn on rook
    (0, 0), // threat by pawn on queen
    (13, 10), // threat by minor on rook
    (7, 2), // threat by minor on queen
    (5, 2), // threat by rook on queen
    (42, -11), // rook on open file
    (10, 16), // rook on half-open file
    (33, 4), // outpost knight
    (34, -3), // outpost bishop
    (10, 10), // tempo
];
