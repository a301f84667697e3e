import Testing
@testable import SegueCore

@Suite struct RenderTests {
    let menu = Spec(title: "Food menu", sections: [
        Section(header: "Mains", footer: "All prices in EUR", rows: [
            Row(title: "Pizza", detail: "12.50", segue: "pizza.json"),
            Row(title: "Salad", detail: "8.00", enabled: false),
        ]),
        Section(header: "Drinks", rows: [Row(title: "Tea", detail: "2.00")]),
    ])

    @Test func drawsTitleSectionsRowsAndHints() {
        let app = state(menu, width: 30, height: 10)
        #expect(screen(app) == [
            " Food menu",
            " Mains",
            " > Pizza              12.50 ›",
            "   Salad               8.00",
            "   All prices in EUR",
            "",
            " Drinks",
            "   Tea                 2.00",
            "",
            " ↑↓ move  ⏎ open  esc cancel…",
        ])
    }

    @Test func stylesSetPartsApart() {
        let app = state(menu, width: 30, height: 10)
        let grid = render(app, size: app.size)
        let theme = Theme.standard
        #expect(grid[0, 0].style == theme.titleBar)
        #expect(grid[1, 1].style == theme.header)
        #expect(grid[5, 2].style == theme.selected)
        #expect(grid[29, 2].style == theme.selected)  // the whole line is reversed
        #expect(grid[5, 3].style == theme.disabled)
        #expect(grid[5, 4].style == theme.footer)
    }
}
