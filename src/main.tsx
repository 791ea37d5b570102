import "reflect-metadata";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createContainer } from "./infrastructure/container";
import { ContainerProvider } from "./ui/di";
import { App } from "./ui/App";
import "./ui/theme/theme.css";

/** The composition root: adapters are chosen here and reach the views only through the container in context. */
const container = createContainer({ baseUrl: import.meta.env.VITE_API_BASE_URL ?? "/api" });

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <ContainerProvider container={container}>
      <App />
    </ContainerProvider>
  </StrictMode>,
);
