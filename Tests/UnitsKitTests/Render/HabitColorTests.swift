import Testing
@testable import UnitsKit

/// Habits without a `color:` of their own are told apart by colour and by
/// shape well past the named rotation: no two of sixty habits share a
/// colour, General (the catch-all) shares none, and shapes repeat only
/// after twenty-four in the terminal and sixteen on the page.
@Suite struct HabitColorTests {
    static let journal: Journal = {
        var text = "units 1\n"
        for k in 0..<60 { text += "2025-01-01 habit H\(k)\n" }
        text += "2025-01-02 General 1\n"
        return Journal(parsing: text)
    }()

    @Test func sixtyHabitsAndGeneralHaveSixtyOneColours() {
        let habits = Self.journal.habits
        #expect(habits.count == 61)
        let names = habits.map(TerminalStyle.colorName(of:))
        #expect(Set(names).count == habits.count, "\(names)")
        let drawn = names.map(HTMLPalette.hex)
        #expect(Set(drawn).count == habits.count, "\(drawn)")
        let general = Self.journal.habit(named: "General")!
        #expect(TerminalStyle.colorName(of: general) != TerminalStyle.colorName(of: habits[0]))
    }

    @Test func everyColourIsCalm() {
        for habit in Self.journal.habits {
            let name = TerminalStyle.colorName(of: habit)
            guard name.hasPrefix("#") else { continue }
            let rgb = TerminalStyle.mutedRGB(name)!
            #expect([rgb.0, rgb.1, rgb.2].max()! - [rgb.0, rgb.1, rgb.2].min()! <= 80, "\(name)")
            #expect(HTMLPalette.hex(name) == name, "\(name) is already in the palette's range")
        }
    }

    @Test func shapesRepeatOnlyPastTwentyFourInTheTerminalAndSixteenOnThePage() {
        for ascii in [false, true] {
            let style = TerminalStyle(color: false, ascii: ascii)
            #expect(Set((0..<24).map(style.shape(ofHabit:))).count == 24)
            #expect((0..<24).allSatisfy { DisplayWidth.of(style.shape(ofHabit: $0)) == 1 })
        }
        let page = (0..<16).map { SVGPictures.shape($0, x: 0, y: 0, size: 10, fill: "#abcdef") }
        #expect(Set(page).count == 16)
    }
}
