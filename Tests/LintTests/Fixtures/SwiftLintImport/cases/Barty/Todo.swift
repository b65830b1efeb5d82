// FIXME: crashes on iPad
// BUG: wrong title
// TESTING only
