fn main() {
    println!("slotmark");
}
