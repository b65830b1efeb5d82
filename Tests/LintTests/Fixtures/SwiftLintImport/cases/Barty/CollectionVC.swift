class Gallery: UICollectionViewController {}
class GalleryCollectionViewController: UICollectionViewController {}
class Grid<T>: UICollectionViewController {}
