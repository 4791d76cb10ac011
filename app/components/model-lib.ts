/**
 * What the 3D viewer loads when a visitor asks for the model (ModelViewer.tsx, decision 106): three.js's
 * renderer, its glTF loader and orbit controls, in one chunk that shares three.js with the panorama's. The
 * scene is drawn on demand (after a move, a resize, the model's arrival), not in a loop: a still model costs
 * nothing.
 */
import {
  Box3,
  Color,
  PerspectiveCamera,
  DirectionalLight,
  HemisphereLight,
  Scene,
  Vector3,
  WebGLRenderer,
  type Material,
  type Mesh,
  type Texture,
} from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { GLTFLoader } from "three/examples/jsm/loaders/GLTFLoader.js";

export type ModelView = { azimuth: number; polar: number; distance: number };
export type ModelStage = {
  turn(left: number, up: number): void;
  zoom(factor: number): void;
  reset(): void;
  view(): ModelView;
  dispose(): void;
};

/** Shows the GLB at `url` in `container`, framed whole; `onChange` hears every move. */
export async function showModel(container: HTMLElement, url: string, onChange: (v: ModelView) => void): Promise<ModelStage> {
  const renderer = new WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const scene = new Scene();
  scene.background = new Color(0x1d1d1d);
  // Lit by a sky-and-ground light and a key light beside the camera, not by an environment map: its
  // prefiltering pass (PMREM) took 12 s in software WebGL (SwiftShader) and is felt on weak GPUs; fully
  // metallic materials look darker than in a PBR viewer for it (decision 106).
  scene.add(new HemisphereLight(0xffffff, 0x5a5048, 2.2));
  const key = new DirectionalLight(0xffffff, 2.4);
  scene.add(key);
  const camera = new PerspectiveCamera(40, 1, 0.01, 1000);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.enableDamping = false;
  controls.enablePan = false;

  const gltf = await new GLTFLoader().loadAsync(url);
  scene.add(gltf.scene);
  // Framed whole: the camera a little above, far enough for the model's bounding sphere to fit the view.
  const box = new Box3().setFromObject(gltf.scene);
  const centre = box.getCenter(new Vector3());
  const radius = Math.max(box.getSize(new Vector3()).length() / 2, 1e-6);
  const distance = (radius / Math.sin(((camera.fov / 2) * Math.PI) / 180)) * 1.05;
  camera.near = distance / 100;
  camera.far = distance * 100;
  camera.updateProjectionMatrix();
  camera.position.copy(centre).add(new Vector3(0, 0.35, 1).normalize().multiplyScalar(distance));
  controls.target.copy(centre);
  controls.minDistance = radius * 0.6;
  controls.maxDistance = distance * 4;
  controls.update();
  controls.saveState();

  container.append(renderer.domElement);
  const view = (): ModelView => ({
    azimuth: (controls.getAzimuthalAngle() * 180) / Math.PI,
    polar: (controls.getPolarAngle() * 180) / Math.PI,
    distance: controls.getDistance() / distance,
  });
  let frame = 0;
  const render = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      renderer.render(scene, camera);
      onChange(view());
    });
  };
  const resize = () => {
    const { clientWidth: w, clientHeight: h } = container;
    if (!w || !h) return;
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    render();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(container);
  // The key light follows the camera, a little above and to its left.
  const follow = () => key.position.copy(camera.position).add(new Vector3(-radius, radius, 0));
  controls.addEventListener("change", () => {
    follow();
    render();
  });
  follow();
  resize();

  return {
    turn(left, up) {
      controls.rotateLeft(left);
      controls.rotateUp(up);
    },
    zoom(factor) {
      // (OrbitControls' dolly scales are < 1: dollyIn(0.8) comes a fifth closer, dollyOut(0.8) goes back as far)
      if (factor > 1) controls.dollyIn(1 / factor);
      else controls.dollyOut(factor);
    },
    reset() {
      controls.reset();
    },
    view,
    dispose() {
      cancelAnimationFrame(frame);
      observer.disconnect();
      controls.dispose();
      gltf.scene.traverse((o) => {
        const mesh = o as Mesh;
        mesh.geometry?.dispose();
        for (const m of ([] as Material[]).concat(mesh.material ?? [])) {
          for (const value of Object.values(m)) if ((value as Texture | null)?.isTexture) (value as Texture).dispose();
          m.dispose();
        }
      });
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}
