import Foundation
import XCTest
@testable import SwiftLexer

/// Random and mutated inputs: lexing and the structure pass never crash and the invariants hold.
final class PropertyTests: XCTestCase {
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let seedSource = """
        #!/usr/bin/env swift
        let q = #\"\"\"#; let r = #\"\"\"\"a\"\"#
        import SwiftUI
        /* a /* nested */ comment */
        @main struct App: View {
            @State private var path = NavigationPath()
            let r = #/\\d+(?<x>[a-z])/#
            var body: some View {
                NavigationStack(path: $path) {
                    Text("a \\(b + "c\\(d)") e" + #"raw \\#(f) "q""#)
                        .sheet(isPresented: .constant(true)) { Sheet() }
                    let x = a / b / c; let y = /re[/]x/
                    let s = \"\"\"
                        multi \\(line) "quoted"
                        \"\"\"
                }
            }
        }
        """

    /// Characters that stress the lexer's state machine.
    static let alphabet: [UInt8] = Array("\"#\\/*()[]{}`$@.\n\r\t x0_é?!<>=-+'".utf8) + [0x00, 0xFF, 0xC3, 0xE2, 0x80]

    func testRandomBytes() {
        var rng = SplitMix(state: 1)
        for round in 0..<400 {
            let length = Int.random(in: 0..<400, using: &rng)
            let bytes: [UInt8] = (0..<length).map { _ in
                round % 2 == 0 ? UInt8.random(in: 0...255, using: &rng) : Self.alphabet.randomElement(using: &rng)!
            }
            let file = SourceFile(path: "random.swift", bytes: bytes)
            TokenInvariants.assertHold(file)
            _ = Structure(file)
        }
    }

    func testTruncationsAndMutationsOfRealCode() {
        let seed = Array(Self.seedSource.utf8)
        var rng = SplitMix(state: 7)
        for cut in stride(from: 0, through: seed.count, by: 3) {
            let file = SourceFile(path: "cut.swift", bytes: Array(seed[..<cut]))
            TokenInvariants.assertHold(file)
            _ = Structure(file)
        }
        for _ in 0..<300 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let index = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[index] = Self.alphabet.randomElement(using: &rng)!
                case 1: bytes.remove(at: index)
                default: bytes.insert(Self.alphabet.randomElement(using: &rng)!, at: index)
                }
            }
            let file = SourceFile(path: "mutated.swift", bytes: bytes)
            TokenInvariants.assertHold(file)
            _ = Structure(file)
        }
    }

    func testOneMegabyteOfRandomBytesIsQuick() {
        var rng = SplitMix(state: 99)
        let bytes = (0..<1_000_000).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let file = SourceFile(path: "big.bin", bytes: bytes)
        XCTAssertFalse(file.tokens.isEmpty)
        _ = Structure(file)
    }
}
