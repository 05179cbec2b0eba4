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
    (47, 107), // pst pawn a2
    (81, 102), // pst pawn b2
    (62, 102), // pst pawn c2
    (59, 104), // pst pawn d2
    (67, 107), // pst pawn e2
    (106, 94), // pst pawn f2
    (120, 96), // pst pawn g2
    (60, 87), // pst pawn h2
    (56, 98), // pst pawn a3
    (78, 101), // pst pawn b3
    (78, 88), // pst pawn c3
    (72, 95), // pst pawn d3
    (85, 94), // pst pawn e3
    (85, 89), // pst pawn f3
    (115, 93), // pst pawn g3
    (70, 86), // pst pawn h3
    (55, 107), // pst pawn a4
    (80, 103), // pst pawn b4
    (77, 91), // pst pawn c4
    (94, 87), // pst pawn d4
    (99, 87), // pst pawn e4
    (88, 86), // pst pawn f4
    (92, 97), // pst pawn g4
    (57, 93), // pst pawn h4
    (68, 126), // pst pawn a5
    (95, 118), // pst pawn b5
    (88, 107), // pst pawn c5
    (103, 99), // pst pawn d5
    (105, 92), // pst pawn e5
    (94, 98), // pst pawn f5
    (99, 111), // pst pawn g5
    (59, 111), // pst pawn h5
    (76, 188), // pst pawn a6
    (89, 194), // pst pawn b6
    (108, 179), // pst pawn c6
    (113, 161), // pst pawn d6
    (147, 150), // pst pawn e6
    (138, 147), // pst pawn f6
    (107, 176), // pst pawn g6
    (62, 178), // pst pawn h6
    (180, 272), // pst pawn a7
    (216, 267), // pst pawn b7
    (143, 252), // pst pawn c7
    (177, 228), // pst pawn d7
    (150, 241), // pst pawn e7
    (208, 226), // pst pawn f7
    (116, 259), // pst pawn g7
    (71, 281), // pst pawn h7
    (82, 94), // pst pawn a8
    (82, 94), // pst pawn b8
    (82, 94), // pst pawn c8
    (82, 94), // pst pawn d8
    (82, 94), // pst pawn e8
    (82, 94), // pst pawn f8
    (82, 94), // pst pawn g8
    (82, 94), // pst pawn h8
    (232, 252), // pst knight a1
    (316, 230), // pst knight b1
    (279, 258), // pst knight c1
    (304, 266), // pst knight d1
    (320, 259), // pst knight e1
    (309, 263), // pst knight f1
    (318, 231), // pst knight g1
    (314, 217), // pst knight h1
    (308, 239), // pst knight a2
    (284, 261), // pst knight b2
    (325, 271), // pst knight c2
    (334, 276), // pst knight d2
    (336, 279), // pst knight e2
    (355, 261), // pst knight f2
    (323, 258), // pst knight g2
    (318, 237), // pst knight h2
    (314, 258), // pst knight a3
    (328, 278), // pst knight b3
    (349, 280), // pst knight c3
    (347, 296), // pst knight d3
    (356, 291), // pst knight e3
    (354, 278), // pst knight f3
    (362, 261), // pst knight g3
    (321, 259), // pst knight h3
    (324, 263), // pst knight a4
    (341, 275), // pst knight b4
    (353, 297), // pst knight c4
    (350, 306), // pst knight d4
    (365, 297), // pst knight e4
    (356, 298), // pst knight f4
    (358, 285), // pst knight g4
    (329, 263), // pst knight h4
    (328, 264), // pst knight a5
    (354, 284), // pst knight b5
    (356, 303), // pst knight c5
    (390, 303), // pst knight d5
    (374, 303), // pst knight e5
    (406, 292), // pst knight f5
    (355, 289), // pst knight g5
    (359, 263), // pst knight h5
    (290, 257), // pst knight a6
    (397, 261), // pst knight b6
    (374, 291), // pst knight c6
    (402, 290), // pst knight d6
    (421, 280), // pst knight e6
    (466, 272), // pst knight f6
    (410, 262), // pst knight g6
    (381, 240), // pst knight h6
    (264, 256), // pst knight a7
    (296, 273), // pst knight b7
    (409, 256), // pst knight c7
    (373, 279), // pst knight d7
    (360, 272), // pst knight e7
    (399, 256), // pst knight f7
    (344, 257), // pst knight g7
    (320, 229), // pst knight h7
    (170, 223), // pst knight a8
    (248, 243), // pst knight b8
    (303, 268), // pst knight c8
    (288, 253), // pst knight d8
    (398, 250), // pst knight e8
    (240, 254), // pst knight f8
    (322, 218), // pst knight g8
    (230, 182), // pst knight h8
    (332, 274), // pst bishop a1
    (362, 288), // pst bishop b1
    (351, 274), // pst bishop c1
    (344, 292), // pst bishop d1
    (352, 288), // pst bishop e1
    (353, 281), // pst bishop f1
    (326, 292), // pst bishop g1
    (344, 280), // pst bishop h1
    (369, 283), // pst bishop a2
    (380, 279), // pst bishop b2
    (381, 290), // pst bishop c2
    (365, 296), // pst bishop d2
    (372, 301), // pst bishop e2
    (386, 288), // pst bishop f2
    (398, 282), // pst bishop g2
    (366, 270), // pst bishop h2
    (365, 285), // pst bishop a3
    (380, 294), // pst bishop b3
    (380, 305), // pst bishop c3
    (380, 307), // pst bishop d3
    (379, 310), // pst bishop e3
    (392, 300), // pst bishop f3
    (383, 290), // pst bishop g3
    (375, 282), // pst bishop h3
    (359, 291), // pst bishop a4
    (378, 300), // pst bishop b4
    (378, 310), // pst bishop c4
    (391, 316), // pst bishop d4
    (399, 304), // pst bishop e4
    (377, 307), // pst bishop f4
    (375, 294), // pst bishop g4
    (369, 288), // pst bishop h4
    (361, 294), // pst bishop a5
    (370, 306), // pst bishop b5
    (384, 309), // pst bishop c5
    (415, 306), // pst bishop d5
    (402, 311), // pst bishop e5
    (402, 307), // pst bishop f5
    (372, 300), // pst bishop g5
    (363, 299), // pst bishop h5
    (349, 299), // pst bishop a6
    (402, 289), // pst bishop b6
    (408, 297), // pst bishop c6
    (405, 296), // pst bishop d6
    (400, 295), // pst bishop e6
    (415, 303), // pst bishop f6
    (402, 297), // pst bishop g6
    (363, 301), // pst bishop h6
    (339, 289), // pst bishop a7
    (381, 293), // pst bishop b7
    (347, 304), // pst bishop c7
    (352, 285), // pst bishop d7
    (395, 294), // pst bishop e7
    (424, 284), // pst bishop f7
    (383, 293), // pst bishop g7
    (318, 283), // pst bishop h7
    (336, 283), // pst bishop a8
    (369, 276), // pst bishop b8
    (283, 286), // pst bishop c8
    (328, 289), // pst bishop d8
    (340, 290), // pst bishop e8
    (323, 288), // pst bishop f8
    (372, 280), // pst bishop g8
    (357, 273), // pst bishop h8
    (458, 503), // pst rook a1
    (464, 514), // pst rook b1
    (478, 515), // pst rook c1
    (494, 511), // pst rook d1
    (493, 507), // pst rook e1
    (484, 499), // pst rook f1
    (440, 516), // pst rook g1
    (451, 492), // pst rook h1
    (433, 506), // pst rook a2
    (461, 506), // pst rook b2
    (457, 512), // pst rook c2
    (468, 514), // pst rook d2
    (476, 503), // pst rook e2
    (488, 503), // pst rook f2
    (471, 501), // pst rook g2
    (406, 509), // pst rook h2
    (432, 508), // pst rook a3
    (452, 512), // pst rook b3
    (461, 507), // pst rook c3
    (460, 511), // pst rook d3
    (480, 505), // pst rook e3
    (477, 500), // pst rook f3
    (472, 504), // pst rook g3
    (444, 496), // pst rook h3
    (441, 515), // pst rook a4
    (451, 517), // pst rook b4
    (465, 520), // pst rook c4
    (476, 516), // pst rook d4
    (486, 507), // pst rook e4
    (470, 506), // pst rook f4
    (483, 504), // pst rook g4
    (454, 501), // pst rook h4
    (453, 516), // pst rook a5
    (466, 515), // pst rook b5
    (484, 525), // pst rook c5
    (503, 513), // pst rook d5
    (501, 514), // pst rook e5
    (512, 513), // pst rook f5
    (469, 511), // pst rook g5
    (457, 514), // pst rook h5
    (472, 519), // pst rook a6
    (496, 519), // pst rook b6
    (503, 519), // pst rook c6
    (513, 517), // pst rook d6
    (494, 516), // pst rook e6
    (522, 509), // pst rook f6
    (538, 507), // pst rook g6
    (493, 509), // pst rook h6
    (504, 523), // pst rook a7
    (509, 525), // pst rook b7
    (535, 525), // pst rook c7
    (539, 523), // pst rook d7
    (557, 509), // pst rook e7
    (544, 515), // pst rook f7
    (503, 520), // pst rook g7
    (521, 515), // pst rook h7
    (509, 525), // pst rook a8
    (519, 522), // pst rook b8
    (509, 530), // pst rook c8
    (528, 527), // pst rook d8
    (540, 524), // pst rook e8
    (486, 524), // pst rook f8
    (508, 520), // pst rook g8
    (520, 517), // pst rook h8
    (1024, 903), // pst queen a1
    (1007, 908), // pst queen b1
    (1016, 914), // pst queen c1
    (1035, 893), // pst queen d1
    (1010, 931), // pst queen e1
    (1000, 904), // pst queen f1
    (994, 916), // pst queen g1
    (975, 895), // pst queen h1
    (990, 914), // pst queen a2
    (1017, 913), // pst queen b2
    (1036, 906), // pst queen c2
    (1027, 920), // pst queen d2
    (1033, 920), // pst queen e2
    (1040, 913), // pst queen f2
    (1022, 900), // pst queen g2
    (1026, 904), // pst queen h2
    (1011, 920), // pst queen a3
    (1027, 909), // pst queen b3
    (1014, 951), // pst queen c3
    (1023, 942), // pst queen d3
    (1020, 945), // pst queen e3
    (1027, 953), // pst queen f3
    (1039, 946), // pst queen g3
    (1030, 941), // pst queen h3
    (1016, 918), // pst queen a4
    (999, 964), // pst queen b4
    (1016, 955), // pst queen c4
    (1015, 983), // pst queen d4
    (1023, 967), // pst queen e4
    (1021, 970), // pst queen f4
    (1028, 975), // pst queen g4
    (1022, 959), // pst queen h4
    (998, 939), // pst queen a5
    (998, 958), // pst queen b5
    (1009, 960), // pst queen c5
    (1009, 981), // pst queen d5
    (1024, 993), // pst queen e5
    (1042, 976), // pst queen f5
    (1023, 993), // pst queen g5
    (1026, 972), // pst queen h5
    (1012, 916), // pst queen a6
    (1008, 942), // pst queen b6
    (1032, 945), // pst queen c6
    (1033, 985), // pst queen d6
    (1054, 983), // pst queen e6
    (1081, 971), // pst queen f6
    (1072, 955), // pst queen g6
    (1082, 945), // pst queen h6
    (1001, 919), // pst queen a7
    (986, 956), // pst queen b7
    (1020, 968), // pst queen c7
    (1026, 977), // pst queen d7
    (1009, 994), // pst queen e7
    (1082, 961), // pst queen f7
    (1053, 966), // pst queen g7
    (1079, 936), // pst queen h7
    (997, 927), // pst queen a8
    (1025, 958), // pst queen b8
    (1054, 958), // pst queen c8
    (1037, 963), // pst queen d8
    (1084, 963), // pst queen e8
    (1069, 955), // pst queen f8
    (1068, 946), // pst queen g8
    (1070, 956), // pst queen h8
    (-15, -53), // pst king a1
    (36, -34), // pst king b1
    (12, -21), // pst king c1
    (-54, -11), // pst king d1
    (8, -28), // pst king e1
    (-28, -14), // pst king f1
    (24, -24), // pst king g1
    (14, -43), // pst king h1
    (1, -27), // pst king a2
    (7, -11), // pst king b2
    (-8, 4), // pst king c2
    (-64, 13), // pst king d2
    (-43, 14), // pst king e2
    (-16, 4), // pst king f2
    (9, -5), // pst king g2
    (8, -17), // pst king h2
    (-14, -19), // pst king a3
    (-14, -3), // pst king b3
    (-22, 11), // pst king c3
    (-46, 21), // pst king d3
    (-44, 23), // pst king e3
    (-30, 16), // pst king f3
    (-15, 7), // pst king g3
    (-27, -9), // pst king h3
    (-49, -18), // pst king a4
    (-1, -4), // pst king b4
    (-27, 21), // pst king c4
    (-39, 24), // pst king d4
    (-46, 27), // pst king e4
    (-44, 23), // pst king f4
    (-33, 9), // pst king g4
    (-51, -11), // pst king h4
    (-17, -8), // pst king a5
    (-20, 22), // pst king b5
    (-12, 24), // pst king c5
    (-27, 27), // pst king d5
    (-30, 26), // pst king e5
    (-25, 33), // pst king f5
    (-14, 26), // pst king g5
    (-36, 3), // pst king h5
    (-9, 10), // pst king a6
    (24, 17), // pst king b6
    (2, 23), // pst king c6
    (-16, 15), // pst king d6
    (-20, 20), // pst king e6
    (6, 45), // pst king f6
    (22, 44), // pst king g6
    (-22, 13), // pst king h6
    (29, -12), // pst king a7
    (-1, 17), // pst king b7
    (-20, 14), // pst king c7
    (-7, 17), // pst king d7
    (-8, 17), // pst king e7
    (-4, 38), // pst king f7
    (-38, 23), // pst king g7
    (-29, 11), // pst king h7
    (-65, -74), // pst king a8
    (23, -35), // pst king b8
    (16, -18), // pst king c8
    (-15, -18), // pst king d8
    (-56, -11), // pst king e8
    (-34, 15), // pst king f8
    (2, 4), // pst king g8
    (13, -17), // pst king h8
    (-16, -16), // mobility knight 0
    (-12, -12), // mobility knight 1
    (-8, -8), // mobility knight 2
    (-4, -4), // mobility knight 3
    (0, 0), // mobility knight 4
    (4, 4), // mobility knight 5
    (8, 8), // mobility knight 6
    (12, 12), // mobility knight 7
    (16, 16), // mobility knight 8
    (-30, -30), // mobility bishop 0
    (-25, -25), // mobility bishop 1
    (-20, -20), // mobility bishop 2
    (-15, -15), // mobility bishop 3
    (-10, -10), // mobility bishop 4
    (-5, -5), // mobility bishop 5
    (0, 0), // mobility bishop 6
    (5, 5), // mobility bishop 7
    (10, 10), // mobility bishop 8
    (15, 15), // mobility bishop 9
    (20, 20), // mobility bishop 10
    (25, 25), // mobility bishop 11
    (30, 30), // mobility bishop 12
    (35, 35), // mobility bishop 13
    (-14, -28), // mobility rook 0
    (-12, -24), // mobility rook 1
    (-10, -20), // mobility rook 2
    (-8, -16), // mobility rook 3
    (-6, -12), // mobility rook 4
    (-4, -8), // mobility rook 5
    (-2, -4), // mobility rook 6
    (0, 0), // mobility rook 7
    (2, 4), // mobility rook 8
    (4, 8), // mobility rook 9
    (6, 12), // mobility rook 10
    (8, 16), // mobility rook 11
    (10, 20), // mobility rook 12
    (12, 24), // mobility rook 13
    (14, 28), // mobility rook 14
    (-13, -26), // mobility queen 0
    (-12, -24), // mobility queen 1
    (-11, -22), // mobility queen 2
    (-10, -20), // mobility queen 3
    (-9, -18), // mobility queen 4
    (-8, -16), // mobility queen 5
    (-7, -14), // mobility queen 6
    (-6, -12), // mobility queen 7
    (-5, -10), // mobility queen 8
    (-4, -8), // mobility queen 9
    (-3, -6), // mobility queen 10
    (-2, -4), // mobility queen 11
    (-1, -2), // mobility queen 12
    (0, 0), // mobility queen 13
    (1, 2), // mobility queen 14
    (2, 4), // mobility queen 15
    (3, 6), // mobility queen 16
    (4, 8), // mobility queen 17
    (5, 10), // mobility queen 18
    (6, 12), // mobility queen 19
    (7, 14), // mobility queen 20
    (8, 16), // mobility queen 21
    (9, 18), // mobility queen 22
    (10, 20), // mobility queen 23
    (11, 22), // mobility queen 24
    (12, 24), // mobility queen 25
    (13, 26), // mobility queen 26
    (14, 28), // mobility queen 27
    (25, 45), // bishop pair
    (-15, -12), // doubled pawn
    (-7, -5), // isolated pawn
    (-17, -6), // backward pawn
    (0, 0), // phalanx pawn rank 1
    (1, 3), // phalanx pawn rank 2
    (1, 7), // phalanx pawn rank 3
    (12, 3), // phalanx pawn rank 4
    (20, 20), // phalanx pawn rank 5
    (35, 30), // phalanx pawn rank 6
    (50, 50), // phalanx pawn rank 7
    (0, 0), // phalanx pawn rank 8
    (0, 0), // supported pawn rank 1
    (0, 0), // supported pawn rank 2
    (-5, 8), // supported pawn rank 3
    (13, 10), // supported pawn rank 4
    (18, 7), // supported pawn rank 5
    (29, 30), // supported pawn rank 6
    (40, 40), // supported pawn rank 7
    (0, 0), // supported pawn rank 8
    (0, 0), // passed pawn rank 1
    (0, -1), // passed pawn rank 2
    (-5, 17), // passed pawn rank 3
    (4, 25), // passed pawn rank 4
    (15, 48), // passed pawn rank 5
    (22, 33), // passed pawn rank 6
    (27, 41), // passed pawn rank 7
    (0, 0), // passed pawn rank 8
    (0, 0), // passed pawn free path rank 1
    (0, -5), // passed pawn free path rank 2
    (-6, -3), // passed pawn free path rank 3
    (-4, 9), // passed pawn free path rank 4
    (5, 26), // passed pawn free path rank 5
    (5, 27), // passed pawn free path rank 6
    (2, 27), // passed pawn free path rank 7
    (0, 0), // passed pawn free path rank 8
    (1, 8), // passed pawn own king distance 0
    (0, 16), // passed pawn own king distance 1
    (-6, 0), // passed pawn own king distance 2
    (-9, -6), // passed pawn own king distance 3
    (-3, -11), // passed pawn own king distance 4
    (2, -15), // passed pawn own king distance 5
    (15, -22), // passed pawn own king distance 6
    (-3, -24), // passed pawn own king distance 7
    (-5, -16), // passed pawn enemy king distance 0
    (1, -16), // passed pawn enemy king distance 1
    (-9, -2), // passed pawn enemy king distance 2
    (-1, 15), // passed pawn enemy king distance 3
    (2, 22), // passed pawn enemy king distance 4
    (3, 33), // passed pawn enemy king distance 5
    (3, 31), // passed pawn enemy king distance 6
    (4, 39), // passed pawn enemy king distance 7
    (19, -11), // pawn shield rank 2
    (20, -10), // pawn shield rank 3
    (5, 3), // king attackers 0
    (-9, -1), // king attackers 1
    (12, -3), // king attackers 2
    (27, 1), // king attackers 3
    (45, 0), // king attackers 4
    (65, 0), // king attackers 5
    (80, 0), // king attackers 6
    (90, 0), // king attackers 7
    (2, 7), // king zone attacks by knight
    (6, -2), // king zone attacks by bishop
    (15, -7), // king zone attacks by rook
    (12, 4), // king zone attacks by queen
    (10, 4), // threat by pawn on knight
    (9, 3), // threat by pawn on bishop
    (0, 0), // threat by pawn on rook
    (0, 0), // threat by pawn on queen
    (13, 10), // threat by minor on rook
    (7, 2), // threat by minor on queen
    (5, 2), // threat by rook on queen
    (23, -1), // rook on open file
    (4, 21), // rook on half-open file
    (25, 12), // outpost knight
    (15, 7), // outpost bishop
    (10, 10), // tempo
];
