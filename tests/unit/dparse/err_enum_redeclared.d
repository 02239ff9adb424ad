enum a { ONE, TWO };
enum b { THREE, ONE };
