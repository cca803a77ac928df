import sharp from "sharp";

/**
 * A stand-in for an owner's phone picture: 4000×3000, JPEG at quality 95, about 8 MB, with a
 * portrait in front of sky and foliage and a phone sensor's noise, which is what makes such files
 * large and slow to encode. The same bytes on every run (a fixed seed), so runs compare.
 */
export async function makePhonePhoto(width = 4000, height = 3000): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 0x2f6b_1c3d;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 0x1_0000_0000;
  };
  const faceX = width * 0.42;
  const faceY = height * 0.45;
  const faceRadius = height * 0.2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const horizon = height * 0.55 + Math.sin(x / 230) * 60;
      let r: number, g: number, b: number;
      if (y < horizon) {
        const t = y / horizon;
        [r, g, b] = [110 + 90 * t, 160 + 60 * t, 230 - 10 * t];
      } else {
        const leaf = Math.sin(x / 17) * Math.cos(y / 23) + Math.sin((x + y) / 41);
        [r, g, b] = [60 + 30 * leaf, 110 + 40 * leaf, 50 + 20 * leaf];
      }
      const dx = x - faceX;
      const dy = y - faceY;
      const distance = Math.sqrt(dx * dx + dy * dy * 0.8);
      if (distance < faceRadius) {
        const shade = 1 - distance / faceRadius / 3;
        [r, g, b] = [205 * shade, 150 * shade, 120 * shade];
      } else if (y > faceY + faceRadius * 0.7 && Math.abs(dx) < faceRadius * 1.6) {
        [r, g, b] = [40, 60, 120]; // shoulders
      }
      const noise = (random() + random() + random() - 1.5) * 52;
      const index = (y * width + x) * 3;
      pixels[index] = clamp(r + noise);
      pixels[index + 1] = clamp(g + noise);
      pixels[index + 2] = clamp(b + noise);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95, chromaSubsampling: "4:4:4" })
    .toBuffer();
}

function clamp(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
}
