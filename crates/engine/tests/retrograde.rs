//! The retrograde solver against plain minimax (Nim, acyclic) and against a depth-bounded
//! negamax on random graphs with cycles; its contract errors; its files. The solver of the
//! positions reachable from a root ([`reachable`]) against both.

use alphabeta_engine::example::Nim;
use alphabeta_engine::reachable::{self, ReachError};
use alphabeta_engine::retrograde::{
    read_slice, solve, write_slice, Cells, Child, FileError, Metric, Node, Order, Progress,
    Retrograde, SolveError, Value,
};
use alphabeta_engine::{
    Algorithm, Game, Known, Observer, Outcome, SearchConfig, Searcher, Silent, SplitMix64,
};

/// One-heap Nim up to `max` stones, in one of three layouts.
struct NimTables {
    max: u32,
    max_take: u32,
    layout: Layout,
}

#[derive(Clone, Copy, PartialEq)]
enum Layout {
    /// One slice per heap size.
    SlicePerHeap,
    /// One acyclic slice, index = stones.
    OneAcyclic,
    /// The same slice solved by passes to a fixpoint.
    OneCyclic,
}

impl Retrograde for NimTables {
    type Game = Nim;
    fn name(&self) -> &str {
        "nim"
    }
    fn metric(&self) -> Metric {
        Metric::ToEnd
    }
    fn slices(&self) -> usize {
        if self.layout == Layout::SlicePerHeap {
            self.max as usize + 1
        } else {
            1
        }
    }
    fn slice_len(&self, _slice: usize) -> u64 {
        if self.layout == Layout::SlicePerHeap {
            1
        } else {
            u64::from(self.max) + 1
        }
    }
    fn order(&self, _slice: usize) -> Order {
        if self.layout == Layout::OneCyclic {
            Order::Cyclic
        } else {
            Order::Acyclic
        }
    }
    fn expand(&self, slice: usize, index: u64, child: &mut impl FnMut(Child)) -> Node {
        let stones = if self.layout == Layout::SlicePerHeap { slice as u32 } else { index as u32 };
        let game = Nim::new(stones, self.max_take);
        if let Some(outcome) = game.outcome() {
            return Node::Over(outcome);
        }
        let mut moves = Vec::new();
        game.legal_moves(&mut moves);
        for take in moves {
            let left = stones - take;
            child(if self.layout == Layout::SlicePerHeap {
                Child { slice: left as usize, index: 0 }
            } else {
                Child { slice: 0, index: u64::from(left) }
            });
        }
        Node::Moves
    }
}

/// Counts the observer's reports.
#[derive(Default)]
struct Reports(Vec<Progress>);

impl Observer<Nim> for Reports {
    fn retrograde(&mut self, progress: &Progress) {
        self.0.push(*progress);
    }
}

#[test]
fn nim_tables_agree_with_plain_minimax_in_every_layout() {
    for layout in [Layout::SlicePerHeap, Layout::OneAcyclic, Layout::OneCyclic] {
        let nim = NimTables { max: 18, max_take: 3, layout };
        let mut reports = Reports::default();
        let tables = solve(&nim, &mut reports).unwrap();
        assert!(reports.0.last().unwrap().done);
        for stones in 0..=18u32 {
            let value = if layout == Layout::SlicePerHeap {
                tables.value(stones as usize, 0)
            } else {
                tables.value(0, u64::from(stones))
            }
            .unwrap();
            let result = Searcher::new(SearchConfig::with_algorithm(Algorithm::Minimax))
                .search(&mut Nim::new(stones, 3));
            assert_eq!(value.score(), result.score, "{stones} stones");
        }
    }
}

/// A game on a random directed graph: a token on a node, the side to move moves it along an
/// edge; some nodes end the game. Two slices: nodes of slice 0 lead only into slice 0.
#[derive(Clone, Debug)]
struct Graph {
    /// Per node: the outcome if it ends the game, else its edges.
    nodes: Vec<(Option<Outcome>, Vec<usize>)>,
    /// Nodes below this are slice 0.
    split: usize,
    metric: Metric,
    at: usize,
}

impl Graph {
    fn random(seed: u64, size: usize, metric: Metric) -> Graph {
        let mut rng = SplitMix64::new(seed);
        let split = size / 2;
        let nodes = (0..size)
            .map(|node| {
                let end = match rng.next_u64() % 10 {
                    0 => Some(Outcome::Loss),
                    1 => Some(Outcome::Win),
                    2 if node % 3 == 0 => Some(Outcome::Draw),
                    _ => None,
                };
                let reach = if node < split { split } else { size };
                let edges = (0..rng.next_u64() % 4).map(|_| (rng.next_u64() as usize) % reach);
                (end, edges.collect())
            })
            .collect();
        Graph { nodes, split, metric, at: 0 }
    }

    fn locate(&self, node: usize) -> Child {
        if node < self.split {
            Child { slice: 0, index: node as u64 }
        } else {
            Child { slice: 1, index: (node - self.split) as u64 }
        }
    }
}

impl Game for Graph {
    type Move = usize;
    fn legal_moves(&self, moves: &mut Vec<usize>) {
        moves.extend(&self.nodes[self.at].1);
    }
    fn play(&mut self, to: usize) {
        self.at = to;
    }
    fn undo(&mut self, _to: usize) {}
    fn outcome(&self) -> Option<Outcome> {
        self.nodes[self.at].0
    }
}

impl Retrograde for Graph {
    type Game = Graph;
    fn name(&self) -> &str {
        "graph"
    }
    fn metric(&self) -> Metric {
        self.metric
    }
    fn slices(&self) -> usize {
        2
    }
    fn slice_len(&self, slice: usize) -> u64 {
        (if slice == 0 { self.split } else { self.nodes.len() - self.split }) as u64
    }
    fn order(&self, _slice: usize) -> Order {
        Order::Cyclic
    }
    fn expand(&self, slice: usize, index: u64, child: &mut impl FnMut(Child)) -> Node {
        let node = index as usize + if slice == 0 { 0 } else { self.split };
        match &self.nodes[node] {
            (Some(outcome), _) => Node::Over(*outcome),
            (None, edges) => {
                edges.iter().for_each(|&to| child(self.locate(to)));
                Node::Moves
            }
        }
    }
}

/// Negamax bounded to `depth` plies, every node at once, level by level (`None`: not decided
/// within the bound). Draws only come from drawn ends. With `Metric::ToConversion`, a move
/// from slice 1 into slice 0 ends the count: its value there is taken with distance 0.
fn bounded(graph: &Graph, depth: u32, exact: &[Option<Value>]) -> Vec<Option<Value>> {
    let mut level: Vec<Option<Value>> = vec![None; graph.nodes.len()];
    for _ in 0..=depth {
        let previous = level.clone();
        for (node, (end, edges)) in graph.nodes.iter().enumerate() {
            level[node] = match end {
                Some(Outcome::Win) => Some(Value::Win(0)),
                Some(Outcome::Loss) => Some(Value::Loss(0)),
                Some(Outcome::Draw) => Some(Value::Draw),
                None => {
                    let child = |to: usize| {
                        if graph.metric == Metric::ToConversion
                            && node >= graph.split
                            && to < graph.split
                        {
                            exact[to].map(|value| match value {
                                Value::Win(_) => Value::Win(0),
                                Value::Loss(_) => Value::Loss(0),
                                Value::Draw => Value::Draw,
                            })
                        } else {
                            previous[to]
                        }
                    };
                    let values: Vec<Option<Value>> = edges.iter().map(|&to| child(to)).collect();
                    let shortest_loss = values
                        .iter()
                        .filter_map(|value| match value {
                            Some(Value::Loss(plies)) => Some(*plies),
                            _ => None,
                        })
                        .min();
                    if let Some(plies) = shortest_loss {
                        Some(Value::Win(plies + 1))
                    } else if values.iter().all(|value| matches!(value, Some(Value::Win(_)))) {
                        Some(Value::Loss(
                            values
                                .iter()
                                .map(|value| match value {
                                    Some(Value::Win(plies)) => plies + 1,
                                    _ => 0,
                                })
                                .max()
                                .unwrap_or(0),
                        ))
                    } else if values.iter().all(Option::is_some) {
                        Some(Value::Draw)
                    } else {
                        None
                    }
                }
            };
        }
    }
    level
}

#[test]
fn random_graphs_with_cycles_agree_with_bounded_negamax() {
    const DEPTH: u32 = 40;
    for metric in [Metric::ToEnd, Metric::ToConversion] {
        for seed in 0..40 {
            let graph = Graph::random(seed, 120, metric);
            let tables = solve(&graph, &mut Silent).unwrap();
            let solved: Vec<Value> = (0..graph.nodes.len())
                .map(|node| {
                    let child = graph.locate(node);
                    tables.value(child.slice, child.index).unwrap()
                })
                .collect();
            // Slice 0 never converts: its exact values are the bounded search's on its own.
            let exact: Vec<Option<Value>> = solved.iter().map(|&value| Some(value)).collect();
            let oracle = bounded(&graph, DEPTH, &exact);
            let mut decisive = 0;
            for (node, (&value, &bound)) in solved.iter().zip(&oracle).enumerate() {
                match (value, bound) {
                    (_, Some(bound)) => assert_eq!(value, bound, "seed {seed} node {node}"),
                    // Undecided within the bound: a draw by repetition, or farther.
                    (Value::Draw, None) => {}
                    (Value::Win(plies) | Value::Loss(plies), None) => {
                        assert!(u32::from(plies) > DEPTH, "seed {seed} node {node}: {value:?}");
                    }
                }
                decisive += usize::from(matches!(value, Value::Win(_) | Value::Loss(_)));
            }
            assert!(decisive > 0, "seed {seed}: a test graph with some wins");
        }
    }
}

#[test]
fn a_pure_cycle_is_a_draw_and_an_escape_is_found() {
    // 0 -> 1 -> 0 forever: a draw. 2 -> {3, 4}, 3 -> 2, 4 ends (loss for its mover): 2 wins in 1,
    // 3 loses in 2.
    let graph = Graph {
        nodes: vec![
            (None, vec![1]),
            (None, vec![0]),
            (None, vec![3, 4]),
            (None, vec![2]),
            (Some(Outcome::Loss), vec![]),
            (None, vec![]),
        ],
        split: 6,
        metric: Metric::ToEnd,
        at: 0,
    };
    let tables = solve(&graph, &mut Silent).unwrap();
    let values: Vec<Value> = (0..6).map(|node| tables.value(0, node).unwrap()).collect();
    assert_eq!(
        values,
        [Value::Draw, Value::Draw, Value::Win(1), Value::Loss(2), Value::Loss(0), Value::Loss(0)]
    );
}

/// A game that breaks the contract: a child in a later slice, or later in an acyclic slice.
struct Broken(Order, Child);

impl Retrograde for Broken {
    type Game = Nim;
    fn name(&self) -> &str {
        "broken"
    }
    fn metric(&self) -> Metric {
        Metric::ToEnd
    }
    fn slices(&self) -> usize {
        2
    }
    fn slice_len(&self, _slice: usize) -> u64 {
        2
    }
    fn order(&self, _slice: usize) -> Order {
        self.0
    }
    fn expand(&self, _slice: usize, _index: u64, child: &mut impl FnMut(Child)) -> Node {
        child(self.1);
        Node::Moves
    }
}

#[test]
fn a_game_that_breaks_the_contract_gets_an_error_not_a_table() {
    let later = Child { slice: 1, index: 0 };
    let error = solve(&Broken(Order::Cyclic, later), &mut Silent).unwrap_err();
    assert_eq!(error, SolveError::ChildOutOfOrder { slice: 0, index: 0, child: later });
    assert!(error.to_string().contains("not solved before it"), "{error}");
    let same = Child { slice: 0, index: 1 };
    let error = solve(&Broken(Order::Acyclic, same), &mut Silent).unwrap_err();
    assert_eq!(error, SolveError::ChildOutOfOrder { slice: 0, index: 0, child: same });
    let past = Child { slice: 0, index: 7 };
    let error = solve(&Broken(Order::Cyclic, past), &mut Silent).unwrap_err();
    assert_eq!(error, SolveError::ChildOutOfRange { slice: 0, index: 0, child: past });
}

#[test]
fn every_code_round_trips_and_long_distances_are_refused() {
    for code in 0..=u16::MAX {
        match Value::decode(code) {
            Some(value) => assert_eq!(value.encode(), Some(code)),
            None => assert_eq!(code, u16::MAX),
        }
    }
    assert_eq!(Value::Win(Value::MAX_PLIES + 1).encode(), None);
    assert_eq!(Value::Loss(126).parent(), Value::Win(127));
}

#[test]
fn a_slice_keeps_one_byte_a_position_while_its_distances_fit() {
    let short = vec![0, 1, 2, u16::MAX, 2 + 2 * Value::BYTE_PLIES];
    let cells = Cells::narrow(short.clone());
    assert_eq!(cells, Cells::Bytes(vec![0, 1, 2, 255, 254]));
    assert_eq!(cells.size(), 5);
    assert_eq!((0..5).map(|index| cells.code(index).unwrap()).collect::<Vec<_>>(), short);
    assert_eq!(cells.max_plies(), Value::BYTE_PLIES);
    let long = vec![0, 1, 3 + 2 * Value::BYTE_PLIES, u16::MAX];
    let cells = Cells::narrow(long.clone());
    assert_eq!(cells, Cells::Words(long));
    assert_eq!((cells.width(), cells.size(), cells.max_plies()), (2, 8, Value::BYTE_PLIES + 1));
    assert_eq!(cells.code(4), None);
}

/// A chain of `len` positions, each leading only to the next; the last has no move. Its
/// distances go up to `len - 1` plies: past one byte.
struct Chain(u64);

impl Retrograde for Chain {
    type Game = Nim;
    fn name(&self) -> &str {
        "chain"
    }
    fn metric(&self) -> Metric {
        Metric::ToEnd
    }
    fn slices(&self) -> usize {
        1
    }
    fn slice_len(&self, _slice: usize) -> u64 {
        self.0
    }
    fn order(&self, _slice: usize) -> Order {
        Order::Cyclic
    }
    fn expand(&self, _slice: usize, index: u64, child: &mut impl FnMut(Child)) -> Node {
        if index + 1 < self.0 {
            child(Child { slice: 0, index: index + 1 });
        }
        Node::Moves
    }
}

#[test]
fn distances_past_one_byte_are_kept_exactly_in_two() {
    let tables = solve(&Chain(1000), &mut Silent).unwrap();
    assert_eq!(tables.slice(0).unwrap().width(), 2);
    assert_eq!(tables.value(0, 999), Some(Value::Loss(0)));
    assert_eq!(tables.value(0, 0), Some(Value::Win(999)));
    assert_eq!(tables.value(0, 1), Some(Value::Loss(998)));
    let mut file = Vec::new();
    write_slice(&mut file, "chain", 0, tables.slice(0).unwrap()).unwrap();
    let read = read_slice(&mut file.as_slice(), "chain", 0, 1000).unwrap();
    assert_eq!(&read, tables.slice(0).unwrap());
    let too_far = u64::from(Value::MAX_PLIES) + 2;
    let error = solve(&Chain(too_far), &mut Silent).unwrap_err();
    assert!(matches!(error, SolveError::TooFar { slice: 0, .. }), "{error}");
    let tables = solve(&Chain(100), &mut Silent).unwrap();
    assert_eq!(tables.slice(0).unwrap().width(), 1);
    assert_eq!(tables.value(0, 0), Some(Value::Win(99)));
}

#[test]
fn files_round_trip_and_every_damage_is_named() {
    let bytes: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 255) as u8).collect();
    let cells = Cells::Bytes(bytes);
    let mut file = Vec::new();
    write_slice(&mut file, "nim", 3, &cells).unwrap();
    assert_eq!(read_slice(&mut file.as_slice(), "nim", 3, 1000).unwrap(), cells);

    let error = |file: &[u8], game: &str, slice: usize, len: u64| {
        let error = read_slice(&mut &file[..], game, slice, len).unwrap_err();
        (error.to_string(), error)
    };
    let (text, found) = error(&file, "chess", 3, 1000);
    assert!(matches!(found, FileError::Game { .. }) && text.contains("'nim'"), "{text}");
    let (text, found) = error(&file, "nim", 4, 1000);
    assert!(matches!(found, FileError::Slice { found: 3, expected: 4 }), "{text}");
    let (text, found) = error(&file, "nim", 3, 999);
    assert!(matches!(found, FileError::Length { found: 1000, expected: 999 }), "{text}");

    let mut damaged = file.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    let (text, found) = error(&damaged, "nim", 3, 1000);
    assert!(matches!(found, FileError::Checksum { .. }) && text.contains("damaged"), "{text}");

    let (text, found) = error(&file[..file.len() - 10], "nim", 3, 1000);
    assert!(matches!(found, FileError::Truncated) && text.contains("cut short"), "{text}");
    let (_, found) = error(&file[..5], "nim", 3, 1000);
    assert!(matches!(found, FileError::NotATable));

    let mut longer = file.clone();
    longer.push(0);
    assert!(matches!(error(&longer, "nim", 3, 1000).1, FileError::TrailingBytes));

    let mut magic = file.clone();
    magic[0] = b'X';
    assert!(matches!(error(&magic, "nim", 3, 1000).1, FileError::NotATable));

    // A file of format 1 (one byte a position, no width field) is refused by its version.
    let mut version = file.clone();
    version[8] = 1;
    let (text, found) = error(&version, "nim", 3, 1000);
    assert!(
        matches!(found, FileError::Version { found: 1 })
            && text.contains("format version 1, but this program reads version 2"),
        "{text}"
    );

    // The width byte follows the magic, version, name, slice and length.
    let width_at = 8 + 4 + 1 + 3 + 4 + 8;
    assert_eq!(file[width_at], 1);
    let mut width = file.clone();
    width[width_at] = 3;
    let (text, found) = error(&width, "nim", 3, 1000);
    assert!(matches!(found, FileError::Width { found: 3 }) && text.contains("1 or 2"), "{text}");
}

/// The positions reachable from a root ([`reachable`]): a key for the graph game.
fn node(graph: &Graph) -> usize {
    graph.at
}

/// The graph with every node that has no edge and no end made a loss for its mover, as the
/// slice solver reads it (the engine's search would score it with a heuristic instead).
fn stuck_nodes_lose(mut graph: Graph) -> Graph {
    for (end, edges) in &mut graph.nodes {
        if end.is_none() && edges.is_empty() {
            *end = Some(Outcome::Loss);
        }
    }
    graph
}

/// A value of the slice solver as the engine's [`Known`].
fn known(value: Value) -> Known {
    match value {
        Value::Win(plies) => Known { outcome: Outcome::Win, plies: u32::from(plies) },
        Value::Loss(plies) => Known { outcome: Outcome::Loss, plies: u32::from(plies) },
        Value::Draw => Known { outcome: Outcome::Draw, plies: 0 },
    }
}

#[test]
fn reachable_sets_agree_with_the_slice_solver_on_random_graphs_with_cycles() {
    let mut decisive = 0;
    for seed in 0..40 {
        let mut graph = stuck_nodes_lose(Graph::random(seed, 120, Metric::ToEnd));
        let tables = solve(&graph, &mut Silent).unwrap();
        for root in 0..graph.nodes.len() {
            graph.at = root;
            let solved = reachable::solve(&graph, node, u64::MAX, &mut Silent).unwrap();
            let at = graph.locate(root);
            let value = tables.value(at.slice, at.index).unwrap();
            assert_eq!(solved.root(), known(value), "seed {seed} root {root}");
            decisive += usize::from(value != Value::Draw);
            // Every reached position has the slice solver's value too.
            for other in 0..graph.nodes.len() {
                if let Some(reached) = solved.value(&other) {
                    let at = graph.locate(other);
                    assert_eq!(reached, known(tables.value(at.slice, at.index).unwrap()));
                }
            }
            // The best move leads to a child whose value is the root's, one ply nearer.
            if let Some((to, child)) = solved.best_move(&graph, node) {
                let at = graph.locate(to);
                assert_eq!(child, known(tables.value(at.slice, at.index).unwrap()));
                assert_eq!(known(value), known(tables.value(at.slice, at.index).unwrap().parent()));
            }
        }
    }
    assert!(decisive > 1000, "{decisive} decisive roots: the test graphs have wins and losses");
}

/// Nim that knows, without a search, the value of a heap below `known_below` stones (a loss
/// when a multiple of `max_take + 1`, in as many plies as the moves to empty it).
#[derive(Clone, Copy, Debug)]
struct KnownNim {
    nim: Nim,
    known_below: u32,
}

impl Game for KnownNim {
    type Move = u32;
    fn legal_moves(&self, moves: &mut Vec<u32>) {
        self.nim.legal_moves(moves);
    }
    fn play(&mut self, take: u32) {
        self.nim.play(take);
    }
    fn undo(&mut self, take: u32) {
        self.nim.undo(take);
    }
    fn outcome(&self) -> Option<Outcome> {
        self.nim.outcome()
    }
    fn known_value(&self) -> Option<Known> {
        let (stones, period) = (self.nim.stones, self.nim.max_take + 1);
        (stones < self.known_below).then(|| {
            if stones % period == 0 {
                Known { outcome: Outcome::Loss, plies: 2 * (stones / period) }
            } else {
                Known { outcome: Outcome::Win, plies: 2 * (stones / period) + 1 }
            }
        })
    }
}

#[test]
fn reachable_sets_agree_with_plain_minimax_on_nim_with_and_without_known_leaves() {
    for max_take in 1..=4 {
        for stones in 0..=20 {
            let result = Searcher::new(SearchConfig::with_algorithm(Algorithm::Minimax))
                .search(&mut Nim::new(stones, max_take));
            let expected = if result.score.is_win() {
                Known { outcome: Outcome::Win, plies: result.score.plies().unwrap() }
            } else {
                Known { outcome: Outcome::Loss, plies: result.score.plies().unwrap() }
            };
            let nim = Nim::new(stones, max_take);
            let plain = reachable::solve(&nim, |nim| nim.stones, u64::MAX, &mut Silent).unwrap();
            assert_eq!(plain.root(), expected, "{stones} stones, take {max_take}");
            assert_eq!(plain.positions(), u64::from(stones) + 1);
            for known_below in [1, 3, 7] {
                let game = KnownNim { nim, known_below };
                let solved =
                    reachable::solve(&game, |game| game.nim.stones, u64::MAX, &mut Silent).unwrap();
                assert_eq!(solved.root(), expected, "{stones} stones, take {max_take}");
                if stones >= known_below {
                    let (mv, child) = solved.best_move(&game, |game| game.nim.stones).unwrap();
                    if result.score.is_win() {
                        assert_eq!(Some(mv), result.best_move, "the only winning move");
                    }
                    assert_eq!(child.plies + 1, expected.plies);
                }
            }
        }
    }
}

#[test]
fn a_root_that_is_over_or_known_is_answered_at_once() {
    let over = reachable::solve(&Nim::new(0, 3), |nim| nim.stones, 1, &mut Silent).unwrap();
    assert_eq!(over.root(), Known { outcome: Outcome::Loss, plies: 0 });
    assert_eq!((over.positions(), over.moves(), over.leaves()), (1, 0, 1));
    assert_eq!(over.best_move(&Nim::new(0, 3), |nim| nim.stones), None);
    let game = KnownNim { nim: Nim::new(9, 3), known_below: 10 };
    let known = reachable::solve(&game, |game| game.nim.stones, 1, &mut Silent).unwrap();
    assert_eq!(known.root(), Known { outcome: Outcome::Win, plies: 5 });
    assert_eq!((known.positions(), known.moves()), (1, 0));
}

#[test]
fn too_many_positions_and_a_stuck_position_are_named() {
    let error = reachable::solve(&Nim::new(20, 3), |nim| nim.stones, 10, &mut Silent).unwrap_err();
    assert_eq!(error, ReachError::TooMany { limit: 10 });
    assert_eq!(error.to_string(), "more than 10 positions are reachable from the root");
    // Node 1 has no edge and no end.
    let graph = Graph {
        nodes: vec![(None, vec![1]), (None, vec![])],
        split: 2,
        metric: Metric::ToEnd,
        at: 0,
    };
    let error = reachable::solve(&graph, node, u64::MAX, &mut Silent).unwrap_err();
    assert_eq!(error, ReachError::NoMoves { position: 1 });
    assert!(error.to_string().contains("no legal move"), "{error}");
}

/// The solver's reports: the scan, then the settling, each ending with a report marked done.
#[test]
fn the_solver_reports_its_stages() {
    #[derive(Default)]
    struct Stages(Vec<reachable::Progress>);
    impl Observer<Nim> for Stages {
        fn reachable(&mut self, progress: &reachable::Progress) {
            self.0.push(*progress);
        }
    }
    let mut stages = Stages::default();
    reachable::solve(&Nim::new(30, 2), |nim| nim.stones, u64::MAX, &mut stages).unwrap();
    let done: Vec<_> = stages.0.iter().filter(|progress| progress.done).collect();
    assert_eq!(done.len(), 2);
    assert_eq!(done[0].stage, reachable::Stage::Scan);
    assert_eq!((done[0].positions, done[0].moves), (31, 59));
    assert_eq!(done[1].stage, reachable::Stage::Settle);
    assert_eq!(done[1].settled, 31);
}
