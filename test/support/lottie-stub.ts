// lottie-web draws on a canvas when it loads, which jsdom lacks; no screen under test animates.
export default {};
