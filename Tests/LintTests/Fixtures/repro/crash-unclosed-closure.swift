import SwiftUI

struct Shelf: View {
    var body: some View {
        Text("books").sheet(isPresented: .constant(true)) { (book