import XCTest

@testable import SwiftUIModel

/// The hand-written name predicates agree with the lists their prefilters are made from.
final class SwiftUINamesTests: XCTestCase {
    func testPredicatesMatchTheirLists() {
        for name in SwiftUINames.stackNames {
            XCTAssertTrue(SwiftUINames.isStackName(name), name)
            XCTAssertTrue(SwiftUINames.navigationFirstBytes.admits(name.utf8.first), name)
        }
        for name in SwiftUINames.pathStackNames { XCTAssertTrue(SwiftUINames.isPathStackName(name), name) }
        for name in SwiftUINames.navigationCallNames {
            XCTAssertTrue(SwiftUINames.navigationFirstBytes.admits(name.utf8.first), name)
            XCTAssertTrue(SwiftUINames.isNavigationCallName(name), name)
        }
        for name in SwiftUINames.linkNames { XCTAssertTrue(SwiftUINames.isLinkName(name), name) }
        for name in SwiftUINames.destinationModifierNames {
            XCTAssertTrue(SwiftUINames.isDestinationModifier(name), name)
            XCTAssertFalse(SwiftUINames.isLinkName(name), name)
        }
        for name in SwiftUINames.presentationModifierNames {
            XCTAssertTrue(SwiftUINames.isPresentationModifier(name), name)
            XCTAssertTrue(SwiftUINames.presentationFirstBytes.admits(name.utf8.first), name)
        }
        // Nothing outside the lists passes the predicates.
        for name in ["Navigation", "NavigationStackView", "sheets", "Sheet", "popup", "alert", "List"] {
            XCTAssertFalse(SwiftUINames.isStackName(name), name)
            XCTAssertFalse(SwiftUINames.isPresentationModifier(name), name)
            XCTAssertFalse(SwiftUINames.isNavigationCallName(name), name)
        }
        XCTAssertFalse(SwiftUINames.navigationFirstBytes.admits(UInt8(ascii: "T")))
        XCTAssertFalse(SwiftUINames.presentationFirstBytes.admits(nil))
    }
}
