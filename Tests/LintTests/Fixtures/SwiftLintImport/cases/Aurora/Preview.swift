#Preview {
    Text("Hi")
}
// See #Preview above.
struct Row_Previews: PreviewProvider {}
