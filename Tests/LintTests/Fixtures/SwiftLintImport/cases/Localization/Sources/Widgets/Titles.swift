let key = LocalizedStringKey("title")
// LocalizedStringKey in comments too
